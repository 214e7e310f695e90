// Branches: which one the project is on, a switch to each other one (only once the project's
// changes are saved, or switching would lose them), and a new branch made from the current one.
import type { GitHubLink } from '@blockyard/cloud';
import { GitBranch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GitHubField } from './GitHubField.tsx';
import { GitHubStep } from './GitHubStep.tsx';
import type { GitHubPanelProps } from './github-panel.ts';
import { isBranchName } from './github-workflow.ts';

export interface BranchPanelProps extends GitHubPanelProps {
  projectId: string;
  /** Whether the project has changes not yet saved on GitHub. */
  hasChanges: boolean;
  /** The project moved to another branch (with that branch's files when it switched). */
  onMoved: (link: GitHubLink, switched: boolean) => void;
}

export function BranchPanel({
  workflow,
  link,
  busy,
  act,
  fail,
  say,
  projectId,
  hasChanges,
  onMoved,
}: BranchPanelProps) {
  const { t } = useTranslation();
  const [branches, setBranches] = useState<string[] | null>(null);
  const [name, setName] = useState('');

  useEffect(() => {
    let live = true;
    workflow.branches(link).then(
      (names) => live && setBranches(names),
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.owner, link.repo, link.branch]);

  const create = () =>
    void act(async () => {
      const moved = await workflow.createBranch(projectId, link, name.trim());
      setName('');
      onMoved(moved, false);
      say(t('github.branch.moved', { branch: moved.branch }));
    });

  const switchTo = (branch: string) =>
    void act(async () => {
      const moved = await workflow.switchBranch(projectId, link, branch);
      onMoved(moved, true);
      say(t('github.branch.moved', { branch }));
    });

  return (
    <>
      <p className="github-lead">
        <GitBranch aria-hidden="true" size={20} /> {t('github.branch.current', { branch: link.branch })}
      </p>
      <p className="github-note">{t('github.branch.what')}</p>
      {branches === null ? (
        <p className="github-note" role="status">
          {t('github.loading')}
        </p>
      ) : (
        <ul className="github-rows" aria-label={t('github.tab.branches')}>
          {branches.map((branch) => (
            <li key={branch} className="github-row">
              <span className="github-row-name">{branch}</span>
              {branch === link.branch ? (
                <span className="github-row-state">{t('github.branch.youAreHere')}</span>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy || hasChanges}
                  onClick={() => switchTo(branch)}
                >
                  {t('github.branch.switch', { branch })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {hasChanges && branches !== null && branches.length > 1 ? (
        <p className="github-note">{t('github.branch.saveFirst')}</p>
      ) : null}
      <GitHubStep
        heading={t('github.branch.newHeading')}
        intro={<p className="github-note">{t('github.branch.newIntro', { branch: link.branch })}</p>}
        onSubmit={create}
        submitLabel={t('github.branch.create')}
        icon={<GitBranch aria-hidden="true" size={18} />}
        busy={busy}
        ready={isBranchName(name.trim())}
      >
        <GitHubField
          label={t('github.branch.nameLabel')}
          value={name}
          onValue={setName}
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
        />
      </GitHubStep>
    </>
  );
}
