// What changed in each file since the last commit both sides agreed on: lines added (+) and
// removed (−) with three lines around them. Colour is never the only sign: each line starts with
// its mark, and screen readers hear "added" or "removed".
import type { FileDiff } from '@blockyard/cloud';
import { useTranslation } from 'react-i18next';

export function DiffView({ diffs }: { diffs: readonly FileDiff[] }) {
  const { t } = useTranslation();
  if (diffs.length === 0) return <p className="github-note">{t('github.noChanges')}</p>;
  return (
    <ul className="github-diff-list" aria-label={t('github.changesLabel')}>
      {diffs.map((diff) => (
        <li key={diff.path} className="github-diff-file">
          <h4 className="github-diff-path">
            {diff.path} <span className="github-diff-status">{t(`github.status.${diff.status}`)}</span>
          </h4>
          {diff.tooBig ? (
            <p className="github-note">{t('github.tooManyDifferences')}</p>
          ) : (
            diff.hunks.map((hunk, index) => (
              <pre key={index} className="github-diff-hunk">
                {hunk.map((line, lineIndex) => (
                  <span key={lineIndex} className={`github-diff-line github-diff-${line.kind}`}>
                    <span aria-hidden="true">
                      {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
                    </span>
                    {line.kind === 'same' ? null : (
                      <span className="visually-hidden">{t(`github.line.${line.kind}`)} </span>
                    )}
                    {line.text}
                    {'\n'}
                  </span>
                ))}
              </pre>
            ))
          )}
        </li>
      ))}
    </ul>
  );
}
