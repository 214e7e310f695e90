import { useParams } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';

function titleFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

export function DocsPage() {
  const { t } = useTranslation();
  const { _splat: path = '' } = useParams({ from: '/docs/$' });
  const segments = path.split('/').filter(Boolean);
  const trail: Crumb[] = segments.map((segment, index) => ({
    label: titleFromSlug(segment),
    docsPath: segments.slice(0, index + 1).join('/'),
  }));
  const title = segments.length ? titleFromSlug(segments[segments.length - 1]!) : t('docs.title');
  return (
    <div className="page">
      {segments.length > 0 && <Breadcrumbs trail={trail} />}
      <article className="card">
        <h1>{title}</h1>
        <p>{segments.length ? t('docs.notWritten') : t('docs.intro')}</p>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" size={20} />
          {t('docs.printPage')}
        </button>
      </article>
    </div>
  );
}
