// The parts of a linked project's GitHub dialog (save changes, branches, pull requests, releases,
// a copy): a tab list where arrow keys, Home and End move between tabs and Enter or Space opens one.
import { useTranslation } from 'react-i18next';
import { useRovingTabs } from '../ui/use-roving-tabs.ts';

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
  const { tabRef, onTabKeyDown } = useRovingTabs(GITHUB_TABS.length);
  return (
    <div className="pill-tabs github-tabs" role="tablist" aria-label={t('github.title')}>
      {GITHUB_TABS.map((value, index) => (
        <button
          key={value}
          ref={tabRef(index)}
          type="button"
          role="tab"
          aria-selected={value === tab}
          aria-controls={panelId}
          tabIndex={value === tab ? 0 : -1}
          onKeyDown={(event) => onTabKeyDown(event, index)}
          onClick={() => onTab(value)}
        >
          {t(`github.tab.${value}`)}
        </button>
      ))}
    </div>
  );
}
