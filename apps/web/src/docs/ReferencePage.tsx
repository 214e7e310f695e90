import {
  referencePathOf,
  referenceView,
  splitWrittenExample,
  type ReferenceCategorySummary,
  type ReferencePageData,
} from '@blockyard/docs';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Crumb } from '../routes/Breadcrumbs.tsx';
import { BlockPictureView } from './BlockPictureView.tsx';
import { DocsFrame } from './DocsFrame.tsx';
import { DocsLink } from './DocsLink.tsx';
import { DocsMarkdown } from './DocsMarkdown.tsx';
import { focusHeadingAfterNavigation } from './heading-focus.ts';
import { Example, Parameters, Signature } from './ReferenceEntryParts.tsx';
import { referenceCatalogue, referenceEditUrl } from './reference-source.ts';
import './reference.css';

function BlockPage({ page, written }: { page: ReferencePageData; written?: string | undefined }) {
  const { t } = useTranslation();
  const own = written === undefined ? undefined : splitWrittenExample(written);
  return (
    <>
      {own ? <DocsMarkdown text={own.text} /> : <h1>{page.title}</h1>}
      {page.entries.map((entry) => (
        <section key={entry.qName} className="reference-entry" aria-label={entry.qName}>
          {!own && entry.doc && <p className="reference-doc">{entry.doc}</p>}
          <Signature entry={entry} />
          <Parameters entry={entry} />
        </section>
      ))}
      {own?.example ? <DocsMarkdown text={own.example} /> : <Example page={page} />}
      {page.related.length > 0 && (
        <section aria-labelledby="reference-related">
          <h2 id="reference-related">{t('reference.related')}</h2>
          <ul className="reference-related">
            {page.related.map((link) => (
              <li key={link.path}>
                <DocsLink href={`/reference/${link.path}`}>{link.title}</DocsLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function CategoryList({ category }: { category: ReferenceCategorySummary }) {
  return (
    <ul className="reference-blocks">
      {category.pages.map((page) => {
        const block = page.entries.find((e) => e.block)?.block;
        return (
          <li key={page.path}>
            <Link
              to="/reference/$"
              params={{ _splat: page.path }}
              className="reference-block-link"
              onClick={focusHeadingAfterNavigation}
            >
              {block ? <BlockPictureView picture={block} inline /> : <code>{page.title}</code>}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** `/reference/...`: the help page of a block (spec 000 §2), a category's blocks, or all of them. */
export function ReferencePage() {
  const { t } = useTranslation();
  const { _splat: splat = '' } = useParams({ from: '/reference/$' });
  const path = referencePathOf(splat);
  const view = referenceView(referenceCatalogue, path);
  const root: Crumb = { label: t('reference.root'), referencePath: '' };

  if (!view) {
    return (
      <DocsFrame title={t('reference.notFoundTitle')} active="" trail={[]} crumbs={[root, { label: path }]}>
        <h1>{t('reference.notFoundTitle')}</h1>
        <p>{t('reference.notFound')}</p>
        <p>
          <DocsLink href="/reference">{t('reference.allBlocks')}</DocsLink>
        </p>
      </DocsFrame>
    );
  }

  if (view.kind === 'index') {
    return (
      <DocsFrame title={t('reference.root')} active="/reference" trail={[]} crumbs={[{ label: t('reference.root') }]}>
        <h1>{t('reference.root')}</h1>
        <p>{t('reference.intro')}</p>
        {view.categories.map((category) => (
          <section key={category.id} aria-labelledby={`reference-${category.id}`}>
            <h2 id={`reference-${category.id}`}>
              <DocsLink href={`/reference/${category.id}`}>{category.label}</DocsLink>
            </h2>
            <CategoryList category={category} />
          </section>
        ))}
      </DocsFrame>
    );
  }

  if (view.kind === 'category') {
    const { category } = view;
    return (
      <DocsFrame
        title={category.label}
        active=""
        trail={[]}
        crumbs={[root, { label: category.label }]}
        editUrl={referenceEditUrl(path)}
      >
        {view.written ? <DocsMarkdown text={view.written} /> : <h1>{category.label}</h1>}
        <CategoryList category={category} />
      </DocsFrame>
    );
  }

  if (view.kind === 'written') {
    const title = /^#\s+(.+)$/m.exec(view.markdown)?.[1] ?? path;
    const top = path.split('/')[0] ?? '';
    const crumbs: Crumb[] = [root, ...(top !== path ? [{ label: top, referencePath: top }] : []), { label: title }];
    return (
      <DocsFrame title={title} active="" trail={[]} crumbs={crumbs} editUrl={referenceEditUrl(path)}>
        <DocsMarkdown text={view.markdown} />
      </DocsFrame>
    );
  }

  const { page } = view;
  return (
    <DocsFrame
      title={page.title}
      active=""
      trail={[]}
      crumbs={[root, { label: page.categoryLabel, referencePath: page.category }, { label: page.title }]}
      editUrl={referenceEditUrl(path)}
    >
      <BlockPage page={page} written={view.written} />
    </DocsFrame>
  );
}
