// The parts of a linked project's GitHub dialog (save changes, branches, pull requests, releases,
// a copy): a tab list where arrow keys, Home and End move between tabs and Enter or Space opens one.
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const GITHUB_TABS = ['changes', 'branches', 'pulls', 'releases', 'fork'] as const;
export type GitHubTab = (typeof GITHUB_TABS)[number];

export function GitHubTabs({
  tab,
  panelId,
  onTab,
}: {
  tab: GitHubTab;
  panelId: string;
  onTab: (tab: GitHubTab) => void;
}) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = GITHUB_TABS.length - 1;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : event.key === 'ArrowRight'
            ? (index + 1) % GITHUB_TABS.length
            : event.key === 'ArrowLeft'
              ? (index + last) % GITHUB_TABS.length
              : null;
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };
  return (
    <div className="github-tabs" role="tablist" aria-label={t('github.title')}>
      {GITHUB_TABS.map((value, index) => (
        <button
          key={value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          className="github-tab"
          aria-selected={value === tab}
          aria-controls={panelId}
          tabIndex={value === tab ? 0 : -1}
          onKeyDown={(event) => onKeyDown(event, index)}
          onClick={() => onTab(value)}
        >
          {t(`github.tab.${value}`)}
        </button>
      ))}
    </div>
  );
}
