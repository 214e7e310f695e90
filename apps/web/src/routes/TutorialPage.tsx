import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function TutorialPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/tutorials/$id' });
  return (
    <div className="page">
      <article className="card">
        <h1>{t('tutorial.title', { id })}</h1>
      </article>
    </div>
  );
}
