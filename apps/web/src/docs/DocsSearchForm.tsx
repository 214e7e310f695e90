import { MAX_QUERY_CHARS, type DocsSearchHit } from '@blockyard/docs';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocsLink } from './DocsLink.tsx';
import { docsSearch } from './docs-source.ts';

/** Full-text search over every guide, results as you type (the index is built at build time). */
export function DocsSearchForm() {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const hits: DocsSearchHit[] = useMemo(() => (query.trim() ? docsSearch().search(query, 8) : []), [query]);
  return (
    <form role="search" className="docs-search" aria-label={t('docs.search')} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('docs.search')}
      </label>
      <div className="docs-search-field">
        <Search aria-hidden="true" size={20} />
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          maxLength={MAX_QUERY_CHARS}
          placeholder={t('docs.searchPlaceholder')}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p className="visually-hidden" role="status">
        {query.trim() ? t('docs.searchCount', { count: hits.length }) : ''}
      </p>
      {query.trim() !== '' && (
        <div className="docs-search-results">
          {hits.length ? (
            <ul aria-label={t('docs.searchResults')}>
              {hits.map((hit) => (
                <li key={hit.path}>
                  <DocsLink href={hit.path}>{hit.title}</DocsLink>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('docs.noResults', { query: query.trim() })}</p>
          )}
        </div>
      )}
    </form>
  );
}
