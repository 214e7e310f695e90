import type { TocEntry } from '@blockyard/docs';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocsLink } from './DocsLink.tsx';

interface TocProps {
  readonly entries: readonly TocEntry[];
  /** The address of the page on screen. */
  readonly active: string;
  /** The entries from the top down to the active one: these start expanded. */
  readonly trail: readonly TocEntry[];
}

/** The table of contents from SUMMARY.md: the active item marked, its parents expanded. */
export function DocsToc({ entries, active, trail }: TocProps) {
  return (
    <ul className="docs-toc-list">
      {entries.map((entry, index) => (
        <TocItem key={`${index}-${entry.path}-${entry.name}`} entry={entry} active={active} trail={trail} />
      ))}
    </ul>
  );
}

function TocItem({ entry, active, trail }: { entry: TocEntry; active: string; trail: readonly TocEntry[] }) {
  const { t } = useTranslation();
  const inTrail = trail.includes(entry);
  const [open, setOpen] = useState(inTrail);
  const [seenTrail, setSeenTrail] = useState(inTrail);
  // Moving to another page opens the way to it (state adjusted during render, React's pattern).
  if (inTrail !== seenTrail) {
    setSeenTrail(inTrail);
    if (inTrail) setOpen(true);
  }
  const current = entry.path === active;
  const hasChildren = entry.subitems.length > 0;
  return (
    <li className="docs-toc-item">
      <div className="docs-toc-row">
        {entry.path ? (
          <DocsLink href={entry.path} className={current ? 'docs-toc-link docs-toc-active' : 'docs-toc-link'}>
            {entry.name}
          </DocsLink>
        ) : (
          <span className="docs-toc-heading">{entry.name}</span>
        )}
        {hasChildren && (
          <button
            type="button"
            className="docs-toc-toggle"
            aria-expanded={open}
            aria-label={t(open ? 'docs.collapse' : 'docs.expand', { name: entry.name })}
            onClick={() => setOpen(!open)}
          >
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        )}
      </div>
      {hasChildren && open && <DocsToc entries={entry.subitems} active={active} trail={trail} />}
    </li>
  );
}
