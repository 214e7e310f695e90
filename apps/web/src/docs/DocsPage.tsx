import { docsPageTitle, tocTrail } from '@blockyard/docs';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Crumb } from '../routes/Breadcrumbs.tsx';
import { DocsFrame } from './DocsFrame.tsx';
import { DocsLink } from './DocsLink.tsx';
import { DocsMarkdown } from './DocsMarkdown.tsx';
import { docsAddressOf, docsEditUrl, docsToc } from './docs-source.ts';
import { useDocsMarkdown } from './use-docs-markdown.ts';

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
  const { markdown, notice, loading } = useDocsMarkdown(address);
  const title = loading
    ? t('docs.loading')
    : markdown === undefined
      ? t('docs.notFoundTitle')
      : docsPageTitle(markdown, address);
  const trail = tocTrail(docsToc, address);

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
    <DocsFrame title={title} active={address} trail={trail} crumbs={crumbs} editUrl={docsEditUrl(address)}>
      {notice ? (
        <p className="docs-live-notice" role="status">
          {notice}
        </p>
      ) : null}
      {loading ? (
        <p role="status">{t('docs.loading')}</p>
      ) : markdown === undefined ? (
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
    </DocsFrame>
  );
}
