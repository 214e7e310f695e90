import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from './Breadcrumbs.tsx';

/** Extension help at /pkg/{package}#{anchor} (spec 000 §2). */
export function PackageHelpPage() {
  const { t } = useTranslation();
  const { package: name } = useParams({ from: '/pkg/$package' });
  return (
    <div className="page">
      <Breadcrumbs trail={[{ label: 'Extensions', docsPath: 'extensions' }, { label: name }]} />
      <article className="card">
        <h1>{t('pkg.title', { name })}</h1>
        <p>{t('pkg.intro')}</p>
      </article>
    </div>
  );
}
