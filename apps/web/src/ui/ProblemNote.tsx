import { useTranslation } from 'react-i18next';

/**
 * A refusal in a dialog (Open from GitHub, Extensions, GitHub): one plain sentence, and the exact
 * reason the server or code host gave under Details. Announced when it appears.
 */
export function ProblemNote({ words, detail }: { words: string; detail?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="problem-note" role="alert">
      <p>{words}</p>
      {detail ? (
        <details>
          <summary>{t('common.details')}</summary>
          <p>{detail}</p>
        </details>
      ) : null}
    </div>
  );
}
