import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from './Breadcrumbs.tsx';

/** Block help at /reference/{page} (spec 000 §2); filled with generated help by the blocks issue. */
export function ReferencePage() {
  const { t } = useTranslation();
  const { page } = useParams({ from: '/reference/$page' });
  return (
    <div className="page">
      <Breadcrumbs trail={[{ label: 'Reference', docsPath: 'reference' }, { label: page }]} />
      <article className="card">
        <h1>{t('reference.title', { page })}</h1>
        <p>{t('reference.intro')}</p>
      </article>
    </div>
  );
}
