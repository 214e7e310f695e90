import { docsPageTitle, tocTrail } from '@blockyard/docs';
import { useParams } from '@tanstack/react-router';
import { PanelLeftClose, PanelLeftOpen, Pencil, Printer } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs, type Crumb } from '../routes/Breadcrumbs.tsx';
import { DocsLink } from './DocsLink.tsx';
import { DocsMarkdown } from './DocsMarkdown.tsx';
import { DocsSearchForm } from './DocsSearchForm.tsx';
import { DocsToc } from './DocsToc.tsx';
import { docsAddressOf, docsEditUrl, docsMarkdown, docsToc } from './docs-source.ts';
import './docs.css';

/** Matches docs.css: below this width the contents sit above the page. */
const NARROW_SCREEN = '(max-width: 50rem)';

/** A crumb for a contents entry: a link when it is a guide of its own. */
function crumbOf(name: string, path: string): Crumb {
  const docs = /^\/docs(?:\/(.*))?$/.exec(path);
  return docs ? { label: name, docsPath: docs[1] ?? '' } : { label: name };
}

/** `/docs/...`: a guide from content/docs with its contents, breadcrumbs, search and print. */
export function DocsPage() {
  const { t } = useTranslation();
  const { _splat: splat = '' } = useParams({ from: '/docs/$' });
  const address = docsAddressOf(splat);
  const markdown = docsMarkdown(address);
  const title = markdown === undefined ? t('docs.notFoundTitle') : docsPageTitle(markdown, address);
  const trail = tocTrail(docsToc, address);
  // On a phone the contents would push the page below the fold, so they start hidden there.
  const [menuOpen, setMenuOpen] = useState(() => !window.matchMedia?.(NARROW_SCREEN).matches);
  const editUrl = docsEditUrl(address);

  // Breadcrumbs start at /docs (spec 000 §2); the page itself is the last, unlinked crumb.
  const crumbs: Crumb[] =
    address === '/docs'
      ? []
      : trail.length
        ? trail.map((entry, index) =>
            index === trail.length - 1 ? { label: entry.name } : crumbOf(entry.name, entry.path),
          )
        : [{ label: title }];

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
          <DocsLink href="/docs" className={address === '/docs' ? 'docs-toc-link docs-toc-active' : 'docs-toc-link'}>
            {t('docs.title')}
          </DocsLink>
          <DocsToc entries={docsToc} active={address} trail={trail} />
        </nav>
      )}
      <div className="docs-main">
        {crumbs.length > 0 && <Breadcrumbs trail={crumbs} />}
        <article className="card docs-article">
          {markdown === undefined ? (
            <>
              <h1>{title}</h1>
              <p>{t('docs.notWritten')}</p>
              <p>
                <DocsLink href="/docs">{t('docs.backToGuides')}</DocsLink>
              </p>
            </>
          ) : (
            <DocsMarkdown text={markdown} />
          )}
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
