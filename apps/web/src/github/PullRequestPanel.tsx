// Pull requests: each one's state (an open one with its Merge button), then a form asking to add
// the current branch's work to another branch (a title and a few words about it). A clash on
// merge (409) is said in spec 000's words in the dialog's own sentence.
import type { PullRequest } from '@blockyard/cloud';
import { GitMerge, GitPullRequest } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GitHubField } from './GitHubField.tsx';
import { GitHubStep } from './GitHubStep.tsx';
import type { GitHubPanelProps } from './github-panel.ts';

const stateOf = (pull: PullRequest) => (pull.merged ? 'merged' : pull.state);

export function PullRequestPanel({ workflow, link, busy, act, fail, say }: GitHubPanelProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [branches, setBranches] = useState<string[] | null>(null);
  const [pulls, setPulls] = useState<PullRequest[] | null>(null);
  const [base, setBase] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    Promise.all([workflow.branches(link), workflow.pullRequests(link)]).then(
      ([names, list]) => {
        if (!live) return;
        const others = names.filter((name) => name !== link.branch);
        setBranches(others);
        setBase((current) =>
          others.includes(current) ? current : others.includes('main') ? 'main' : (others[0] ?? ''),
        );
        setPulls(list);
      },
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.owner, link.repo, link.branch, round]);

  const open = () =>
    void act(async () => {
      const number = await workflow.openPullRequest(link, {
        title: title.trim(),
        body: body.trim(),
        head: link.branch,
        base,
      });
      setTitle('');
      setBody('');
      say(t('github.pullRequest.opened', { number }));
      setRound((n) => n + 1);
    });

  const merge = (pull: PullRequest) =>
    void act(async () => {
      await workflow.merge(link, pull);
      const values = { number: pull.number, base: pull.base };
      if (pull.base === link.branch) say(t('github.pullRequest.mergedHere', values));
      else say(t('github.pullRequest.merged', values));
      setRound((n) => n + 1);
    });

  return (
    <>
      <p className="github-note">{t('github.pullRequest.what')}</p>
      {branches !== null && branches.length === 0 ? (
        <p className="github-lead">{t('github.pullRequest.onMain', { branch: link.branch })}</p>
      ) : null}
      <h3 className="github-subheading">{t('github.tab.pulls')}</h3>
      {pulls === null ? (
        <p className="github-note" role="status">
          {t('github.loading')}
        </p>
      ) : pulls.length === 0 ? (
        <p className="github-note">{t('github.noneYet')}</p>
      ) : (
        <ul className="github-rows" aria-label={t('github.tab.pulls')}>
          {pulls.map((pull) => (
            <li key={pull.number} className="github-row">
              <span className="github-row-name">
                #{pull.number} {pull.title}
                <span className="github-row-detail">
                  {t('github.pullRequest.fromTo', { head: pull.head, base: pull.base })}
                </span>
              </span>
              <span className={`github-row-state github-state-${stateOf(pull)}`}>
                {t(`github.pullRequest.state.${stateOf(pull)}`)}
              </span>
              {stateOf(pull) === 'open' ? (
                <button type="button" className="button button-primary" disabled={busy} onClick={() => merge(pull)}>
                  <GitMerge aria-hidden="true" size={18} />
                  {t('github.pullRequest.merge', { number: pull.number, base: pull.base })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {branches !== null && branches.length > 0 ? (
        <GitHubStep
          heading={t('github.pullRequest.newHeading', { branch: link.branch })}
          onSubmit={open}
          submitLabel={t('github.pullRequest.open')}
          icon={<GitPullRequest aria-hidden="true" size={18} />}
          busy={busy}
          ready={title.trim() !== '' && base !== ''}
        >
          <label htmlFor={baseId} className="field-label">
            {t('github.pullRequest.baseLabel')}
          </label>
          <select id={baseId} className="text-input" value={base} onChange={(event) => setBase(event.target.value)}>
            {branches.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <GitHubField label={t('github.pullRequest.titleLabel')} value={title} onValue={setTitle} maxLength={256} />
          <GitHubField
            label={t('github.pullRequest.bodyLabel')}
            value={body}
            onValue={setBody}
            maxLength={10_000}
            multiline
          />
        </GitHubStep>
      ) : null}
    </>
  );
}
