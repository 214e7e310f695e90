// The editor's GitHub dialog: the token first (what it is, kept in this browser only, removable),
// then "Save to GitHub" (a new repository, private unless asked), then for a linked project the
// changes since the last commit, commit and push with a message, and pull. A pull where both
// sides changed the same lines opens the clash view; the project changes only once every clash
// has a choice. A linked project also has branches, pull requests (open, merge), releases and a
// copy (fork) of someone else's repository, each in its own tab. Each refusal is one sentence with
// the code host's words under Details.
import { type GitHubLink, type MarkerChoice, type PullResult, resolveConflicts } from '@blockyard/cloud';
import { FolderGit2, KeyRound, Upload } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { ProblemNote } from '../ui/ProblemNote.tsx';
import { BranchPanel } from './BranchPanel.tsx';
import { ConflictView, clashCount } from './ConflictView.tsx';
import { DiffView } from './DiffView.tsx';
import { ForkPanel } from './ForkPanel.tsx';
import { GitHubField } from './GitHubField.tsx';
import { GitHubStep } from './GitHubStep.tsx';
import { type GitHubTab, GitHubTabs } from './GitHubTabs.tsx';
import type { GitHubPanelProps } from './github-panel.ts';
import { cleanToken } from './github-storage.ts';
import { PullRequestPanel } from './PullRequestPanel.tsx';
import { ReleasePanel } from './ReleasePanel.tsx';
import { type GitHubWorkflow, GitHubWorkflowError, problemOf, repositoryName } from './github-workflow.ts';
import './github.css';

export interface GitHubDialogProps {
  open: boolean;
  onClose: () => void;
  workflow: GitHubWorkflow;
  projectId: string;
  projectName: string;
  /** The project's files now. */
  files: () => Readonly<Record<string, string>>;
  /** Takes pulled files into the project (the editor shows them). */
  onPulled: (files: Record<string, string>, removed: string[]) => void;
}

type View =
  | { kind: 'loading' }
  | { kind: 'token' }
  | { kind: 'create' }
  | { kind: 'linked'; link: GitHubLink }
  | { kind: 'conflicts'; pull: PullResult };

type Failure = { words: string; detail?: string };

export function GitHubDialog({ open, onClose, workflow, projectId, projectName, files, onPulled }: GitHubDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [view, setView] = useState<View>(() => (workflow.storage.token() ? { kind: 'loading' } : { kind: 'token' }));
  const [account, setAccount] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(false);
  const [name, setName] = useState(() => repositoryName(projectName));
  const [description, setDescription] = useState('');
  const [isPrivate, setIsPrivate] = useState(true);
  const [message, setMessage] = useState('');
  const [choices, setChoices] = useState<Record<string, (MarkerChoice | undefined)[]>>({});
  const [tab, setTab] = useState<GitHubTab>('changes');

  const fail = (error: unknown, creating = false) => {
    const problem = problemOf(error, creating);
    setFailure({
      words: t(`github.problem.${problem.problem}`, problem.values ?? {}),
      ...(problem.detail ? { detail: problem.detail } : {}),
    });
    if (problem.problem === 'tokenRefused') setView({ kind: 'token' });
  };

  const loaded = (who: string, link: GitHubLink | null) => {
    setAccount(who);
    setView(link ? { kind: 'linked', link } : { kind: 'create' });
  };
  const loadFailed = (error: unknown) => {
    fail(error);
    if (!(error instanceof GitHubWorkflowError && error.problem === 'tokenRefused')) setView({ kind: 'create' });
  };
  /** Where the dialog goes back to: the token, else the link (or Save to GitHub). */
  const start = async () => {
    setFailure(null);
    if (!workflow.storage.token()) {
      setView({ kind: 'token' });
      return;
    }
    setView({ kind: 'loading' });
    try {
      loaded(await workflow.account(), await workflow.open(projectId));
    } catch (error) {
      loadFailed(error);
    }
  };
  useEffect(() => {
    // The dialog is made when it opens: one look at GitHub then (the view starts at "loading").
    if (!open || !workflow.storage.token()) return undefined;
    let live = true;
    Promise.all([workflow.account(), workflow.open(projectId)]).then(
      ([who, link]) => {
        if (live) loaded(who, link);
      },
      (error: unknown) => {
        if (live) loadFailed(error);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /** Runs one call of a tab: busy meanwhile, its failure said at the top. */
  const act = async (work: () => Promise<void>): Promise<boolean> => {
    let ok = false;
    await run(async () => {
      try {
        await work();
        ok = true;
      } catch (error) {
        fail(error);
      }
    });
    return ok;
  };

  const saveToken = () => {
    const clean = cleanToken(token);
    if (!clean) {
      setFailure({ words: t('github.problem.tokenShape') });
      return;
    }
    void run(async () => {
      try {
        setAccount(await workflow.connect(clean, remember));
        setToken('');
        await start();
      } catch (error) {
        fail(error);
      }
    });
  };

  const removeToken = () => {
    workflow.storage.removeToken();
    setAccount(null);
    setFailure(null);
    setNotice(t('github.tokenRemoved'));
    setView({ kind: 'token' });
  };

  const create = () => {
    void run(async () => {
      try {
        const link = await workflow.create(projectId, name.trim(), description.trim(), files(), isPrivate);
        setNotice(t('github.created', { repo: `${link.owner}/${link.repo}` }));
        setView({ kind: 'linked', link });
      } catch (error) {
        fail(error, true);
      }
    });
  };

  const push = (link: GitHubLink) => {
    void run(async () => {
      try {
        const result = await workflow.push(projectId, link, files(), message.trim() || t('github.defaultMessage'));
        if (result.kind === 'pushed') {
          setMessage('');
          setNotice(t('github.pushed'));
          setView({ kind: 'linked', link: result.link });
        } else if (result.kind === 'behind') setFailure({ words: t('github.behind') });
        else setNotice(t('github.nothingToPush'));
      } catch (error) {
        const problem = problemOf(error);
        if (problem.problem === 'notAllowed' && account && account.toLowerCase() !== link.owner.toLowerCase()) {
          // Someone else's repository: the way on is a copy of it (the Make a copy tab).
          setFailure({
            words: t('github.problem.notYours', { repo: `${link.owner}/${link.repo}` }),
            ...(problem.detail ? { detail: problem.detail } : {}),
          });
          setTab('fork');
        } else fail(error);
      }
    });
  };

  /** Takes a pull's files into the project and agrees on its commit. */
  const take = (pull: PullResult, merged: Record<string, string>) => {
    const before = files();
    const removed = Object.keys(before).filter((path) => !(path in merged));
    onPulled(merged, removed);
    workflow.agree(projectId, pull.link);
    setView({ kind: 'linked', link: pull.link });
  };

  const pull = (link: GitHubLink) => {
    void run(async () => {
      try {
        const result = await workflow.pull(link, files());
        if (result.link.commit === link.commit) {
          setNotice(t('github.upToDate'));
        } else if (result.conflicts.length === 0) {
          take(result, result.files);
          setNotice(t('github.pulled'));
        } else {
          setChoices({});
          setView({ kind: 'conflicts', pull: result });
        }
      } catch (error) {
        fail(error);
      }
    });
  };

  const settle = (pull: PullResult) => {
    const merged = { ...pull.files };
    for (const path of pull.conflicts)
      merged[path] = resolveConflicts(merged[path] ?? '', (choices[path] ?? []) as MarkerChoice[]);
    take(pull, merged);
    setNotice(t('github.settled'));
  };

  const changesView = (link: GitHubLink, diffs: ReturnType<GitHubWorkflow['changes']>) => (
    <>
      <h3 className="github-subheading">{t('github.changes')}</h3>
      <DiffView diffs={diffs} />
      <GitHubStep
        onSubmit={() => push(link)}
        submitLabel={t('github.push')}
        icon={<Upload aria-hidden="true" size={18} />}
        busy={busy}
        ready={diffs.length > 0}
        secondary={{ label: t('github.pull'), onClick: () => pull(link), disabled: busy }}
      >
        <GitHubField
          label={t('github.messageLabel')}
          value={message}
          onValue={setMessage}
          maxLength={500}
          placeholder={t('github.defaultMessage')}
        />
      </GitHubStep>
    </>
  );

  const linkedView = (link: GitHubLink) => {
    const diffs = workflow.changes(link, files());
    const panel: GitHubPanelProps = {
      workflow,
      link,
      busy,
      act,
      fail: (error) => fail(error),
      say: setNotice,
    };
    const moved = (next: GitHubLink, switched: boolean) => {
      if (switched) {
        const removed = Object.keys(files()).filter(
          (path) => !path.startsWith('pxt_modules/') && !(path in next.files),
        );
        onPulled({ ...next.files }, removed);
      }
      setView({ kind: 'linked', link: next });
    };
    return (
      <>
        <p className="github-note">
          {t('github.linkedTo', { repo: `${link.owner}/${link.repo}`, branch: link.branch })}
        </p>
        <GitHubTabs tab={tab} panelId={`${id}-panel`} onTab={setTab} />
        <div id={`${id}-panel`} role="tabpanel" aria-label={t(`github.tab.${tab}`)} className="github-panel">
          {tab === 'changes' ? changesView(link, diffs) : null}
          {tab === 'branches' ? (
            <BranchPanel {...panel} projectId={projectId} hasChanges={diffs.length > 0} onMoved={moved} />
          ) : null}
          {tab === 'pulls' ? <PullRequestPanel {...panel} /> : null}
          {tab === 'releases' ? <ReleasePanel {...panel} /> : null}
          {tab === 'fork' ? (
            <ForkPanel
              {...panel}
              projectId={projectId}
              account={account}
              onForked={(next) => setView({ kind: 'linked', link: next })}
            />
          ) : null}
        </div>
      </>
    );
  };

  const conflictsView = (pullResult: PullResult) => {
    const total = pullResult.conflicts.reduce((sum, path) => sum + clashCount(pullResult.files[path] ?? ''), 0);
    const chosen = pullResult.conflicts.reduce(
      (sum, path) => sum + (choices[path] ?? []).filter((choice) => choice !== undefined).length,
      0,
    );
    return (
      <>
        <p className="github-note">{t('github.conflictsIntro', { count: total })}</p>
        <ConflictView
          files={pullResult.files}
          conflicts={pullResult.conflicts}
          choices={choices}
          onChoose={(path, index, choice) =>
            setChoices((current) => {
              const list = [...(current[path] ?? [])];
              list[index] = choice;
              return { ...current, [path]: list };
            })
          }
        />
        <p className="github-note" role="status">
          {t('github.clashesChosen', { chosen, count: total })}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => void start()}>
            {t('github.notNow')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={chosen < total}
            onClick={() => settle(pullResult)}
          >
            {t('github.useChoices')}
          </button>
        </div>
      </>
    );
  };

  return (
    <Dialog open={open} title={t('github.title')} onClose={onClose} className="github-dialog">
      {account && view.kind !== 'token' ? (
        <div className="github-account">
          <p>
            <FolderGit2 aria-hidden="true" size={18} /> {t('github.signedInAs', { account })}
          </p>
          <button type="button" className="button button-secondary button-small" onClick={removeToken}>
            {t('github.removeToken')}
          </button>
        </div>
      ) : null}
      {notice ? (
        <p className="github-notice" role="status">
          {notice}
        </p>
      ) : null}
      {failure ? <ProblemNote words={failure.words} detail={failure.detail} /> : null}
      {view.kind === 'loading' ? (
        <p className="github-note" role="status">
          {t('github.loading')}
        </p>
      ) : null}
      {view.kind === 'token' ? (
        <GitHubStep
          intro={
            <>
              <p>{t('github.tokenWhat')}</p>
              <p>{t('github.tokenHow')}</p>
              <p className="github-note">{t('github.tokenSafe')}</p>
            </>
          }
          onSubmit={saveToken}
          submitLabel={t('github.useToken')}
          busyLabel={t('github.checking')}
          icon={<KeyRound aria-hidden="true" size={18} />}
          busy={busy}
          ready={token.trim() !== ''}
          secondary={{ label: t('common.cancel'), onClick: onClose }}
        >
          <GitHubField
            label={t('github.tokenLabel')}
            type="password"
            value={token}
            onValue={setToken}
            maxLength={300}
            autoComplete="off"
            spellCheck={false}
          />
          <label className="github-check">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            {t('github.remember')}
          </label>
        </GitHubStep>
      ) : null}
      {view.kind === 'create' ? (
        <GitHubStep
          intro={<p>{t('github.createIntro')}</p>}
          onSubmit={create}
          submitLabel={t('github.create')}
          busyLabel={t('github.creating')}
          icon={<FolderGit2 aria-hidden="true" size={18} />}
          busy={busy}
          ready={name.trim() !== ''}
          secondary={{ label: t('common.cancel'), onClick: onClose }}
        >
          <GitHubField
            label={t('github.nameLabel')}
            value={name}
            onValue={setName}
            maxLength={100}
            pattern="[A-Za-z0-9_.\-]+"
            required
            spellCheck={false}
          />
          <GitHubField
            label={t('github.descriptionLabel')}
            value={description}
            onValue={setDescription}
            maxLength={350}
          />
          <label className="github-check">
            <input type="checkbox" checked={isPrivate} onChange={(event) => setIsPrivate(event.target.checked)} />
            {t('github.private')}
          </label>
        </GitHubStep>
      ) : null}
      {view.kind === 'linked' ? linkedView(view.link) : null}
      {view.kind === 'conflicts' ? conflictsView(view.pull) : null}
      {view.kind === 'linked' ? (
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
