// The earlier versions a share carries (its publisher chose to include them): the share page's
// time machine. Picking one runs it in the simulator and shows its code; nothing can be changed.

import type { protocol } from '@blockyard/cloud';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../ui/relative-time.ts';
import { useNow } from '../ui/use-now.ts';

interface SharedHistoryProps {
  /** Oldest first, as the server keeps them. */
  versions: readonly protocol.SharedVersion[];
  /** When the share was made, epoch milliseconds: its own entry, the newest. */
  sharedAt: number;
  /** The version shown: an index into `versions`, or null for the shared one. */
  shown: number | null;
  onShow: (index: number | null) => void;
}

export function SharedHistory({ versions, sharedAt, shown, onShow }: SharedHistoryProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const entry = (index: number | null, time: number, label: string) => (
    <li key={index ?? 'shared'}>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-pressed={shown === index}
        title={formatDateTime(time, i18n.language)}
        onClick={() => onShow(index)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <section className="share-history" aria-labelledby="share-history-title">
      <h2 id="share-history-title">{t('share.page.historyTitle')}</h2>
      <p className="share-note">{t('share.page.historyIntro')}</p>
      <ol className="share-history-list" aria-label={t('share.page.historyList')}>
        {entry(
          null,
          sharedAt,
          t('share.page.historyShared', { when: formatRelativeTime(sharedAt, now, i18n.language) }),
        )}
        {versions
          .map((version, index) => ({ version, index }))
          .reverse()
          .map(({ version, index }) =>
            entry(
              index,
              version.time,
              t('share.page.historyVersion', {
                number: index + 1,
                when: formatRelativeTime(version.time, now, i18n.language),
              }),
            ),
          )}
      </ol>
    </section>
  );
}
