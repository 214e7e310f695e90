import type { TocEntry } from '@blockyard/docs';
import { PanelLeftClose, PanelLeftOpen, Pencil, Printer } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs, type Crumb } from '../routes/Breadcrumbs.tsx';
import { DocsLink } from './DocsLink.tsx';
import { DocsSearchForm } from './DocsSearchForm.tsx';
import { DocsToc } from './DocsToc.tsx';
import { docsToc } from './docs-source.ts';
import { takeHeadingFocus } from './heading-focus.ts';
import './docs.css';

/** Matches docs.css: below this width the contents sit above the page. */
const NARROW_SCREEN = '(max-width: 50rem)';

export interface DocsFrameProps {
  /** The document title (the tab's name). */
  readonly title: string;
  /** The address of the page, to mark it in the contents. */
  readonly active: string;
  readonly trail: readonly TocEntry[];
  readonly crumbs: readonly Crumb[];
  readonly editUrl?: string | undefined;
  readonly children: ReactNode;
}

/** The guides' frame: toolbar (contents toggle, search, print), contents, breadcrumbs, edit link. */
export function DocsFrame({ title, active, trail, crumbs, editUrl, children }: DocsFrameProps) {
  const { t } = useTranslation();
  // On a phone the contents would push the page below the fold, so they start hidden there.
  const [menuOpen, setMenuOpen] = useState(() => !window.matchMedia?.(NARROW_SCREEN).matches);
  const article = useRef<HTMLElement>(null);
  // After a docs link is followed, reading starts at the new page's heading (once it is drawn).
  useEffect(() => takeHeadingFocus(article.current));
  return (
    <div className={menuOpen ? 'docs-layout' : 'docs-layout docs-menu-closed'}>
      {/* React places this in the document head. */}
      <title>{t('docs.documentTitle', { page: title })}</title>
      <div className="docs-toolbar">
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={menuOpen}
          aria-controls="docs-contents"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <PanelLeftClose aria-hidden="true" size={20} /> : <PanelLeftOpen aria-hidden="true" size={20} />}
          {t(menuOpen ? 'docs.hideContents' : 'docs.showContents')}
        </button>
        <DocsSearchForm />
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" size={20} />
          {t('docs.printPage')}
        </button>
      </div>
      {menuOpen && (
        <nav id="docs-contents" className="docs-contents" aria-label={t('docs.contents')}>
          <DocsLink href="/docs" className={active === '/docs' ? 'docs-toc-link docs-toc-active' : 'docs-toc-link'}>
            {t('docs.title')}
          </DocsLink>
          <DocsToc entries={docsToc} active={active} trail={trail} />
        </nav>
      )}
      <div className="docs-main">
        {crumbs.length > 0 && <Breadcrumbs trail={crumbs} />}
        <article ref={article} className="card docs-article">
          {children}
        </article>
        {editUrl && (
          <p className="docs-edit">
            <a href={editUrl} target="_blank" rel="noopener noreferrer">
              <Pencil aria-hidden="true" size={18} />
              {t('docs.editOnGitHub')}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
