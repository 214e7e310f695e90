import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function EditorPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/projects/$id' });
  return (
    <div className="page">
      <h1>{t('editor.title', { id })}</h1>
      <p role="status">{t('editor.loading')}</p>
    </div>
  );
}
