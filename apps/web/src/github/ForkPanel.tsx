// A copy (fork) of the linked repository on the learner's own account, for one they cannot save
// to. GitHub makes a copy in the background: the panel says how long it has waited (polled every
// second, given up after 5 minutes with spec 000's words).
import type { GitHubLink } from '@blockyard/cloud';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GitHubPanelProps } from './github-panel.ts';

export interface ForkPanelProps extends GitHubPanelProps {
  projectId: string;
  account: string | null;
  onForked: (link: GitHubLink) => void;
}

export function ForkPanel({ workflow, link, busy, act, say, projectId, account, onForked }: ForkPanelProps) {
  const { t } = useTranslation();
  const [waited, setWaited] = useState<number | null>(null);
  const repo = `${link.owner}/${link.repo}`;
  const yours = account !== null && account.toLowerCase() === link.owner.toLowerCase();

  const fork = () => {
    setWaited(0);
    void act(async () => {
      try {
        const made = await workflow.fork(projectId, link, (ms) => setWaited(ms));
        onForked(made);
        say(t('github.fork.done', { repo: `${made.owner}/${made.repo}` }));
      } finally {
        setWaited(null);
      }
    });
  };

  return (
    <>
      <p className="github-lead">{t('github.fork.what', { repo })}</p>
      {yours ? <p className="github-note">{t('github.fork.yours', { repo })}</p> : null}
      {waited !== null ? (
        <div className="github-progress" role="status">
          <progress aria-hidden="true" />
          <span>{t('github.fork.waiting', { seconds: Math.round(waited / 1000) })}</span>
        </div>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" disabled={busy || yours} onClick={fork}>
          <Copy aria-hidden="true" size={18} />
          {t('github.fork.start')}
        </button>
      </div>
    </>
  );
}
