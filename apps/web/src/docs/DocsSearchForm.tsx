import { MAX_QUERY_CHARS, type DocsSearchHit } from '@blockyard/docs';
import { Search } from 'lucide-react';
import { useLocation } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocsLink } from './DocsLink.tsx';
import { docsSearch } from './docs-source.ts';

/** Full-text search over every guide, results as you type (the index is built at build time). */
export function DocsSearchForm() {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  // A result followed (or any other link) closes the results: the new page is what was wanted.
  const { pathname } = useLocation();
  const [searchedOn, setSearchedOn] = useState(pathname);
  if (searchedOn !== pathname) {
    setSearchedOn(pathname);
    setQuery('');
  }
  const hits: DocsSearchHit[] = useMemo(() => (query.trim() ? docsSearch().search(query, 8) : []), [query]);
  return (
    <form
      role="search"
      className="docs-search"
      aria-label={t('docs.search')}
      onSubmit={(e) => e.preventDefault()}
      onKeyDown={(e) => {
        // Escape closes the results (and empties the field), wherever in the form focus is.
        if (e.key !== 'Escape' || !query) return;
        e.preventDefault();
        setQuery('');
        e.currentTarget.querySelector('input')?.focus();
      }}
    >
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
