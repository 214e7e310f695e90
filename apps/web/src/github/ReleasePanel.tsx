// Releases: a named version (a tag and a title) of the newest saved work on the project's branch,
// and the repository's releases so far.
import type { Release } from '@blockyard/cloud';
import { Tag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GitHubField } from './GitHubField.tsx';
import { GitHubStep } from './GitHubStep.tsx';
import type { GitHubPanelProps } from './github-panel.ts';
import { isTagName } from './github-workflow.ts';

export function ReleasePanel({ workflow, link, busy, act, fail, say }: GitHubPanelProps) {
  const { t } = useTranslation();
  const [releases, setReleases] = useState<Release[] | null>(null);
  const [tag, setTag] = useState('');
  const [title, setTitle] = useState('');
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    workflow.releases(link).then(
      (list) => live && setReleases(list),
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.owner, link.repo, round]);

  const create = () =>
    void act(async () => {
      const name = tag.trim();
      await workflow.createRelease(link, name, title.trim());
      setTag('');
      setTitle('');
      say(t('github.release.created', { tag: name }));
      setRound((n) => n + 1);
    });

  return (
    <>
      <GitHubStep
        intro={<p className="github-note">{t('github.release.what', { branch: link.branch })}</p>}
        onSubmit={create}
        submitLabel={t('github.release.create')}
        icon={<Tag aria-hidden="true" size={18} />}
        busy={busy}
        ready={isTagName(tag.trim())}
      >
        <GitHubField
          label={t('github.release.tagLabel')}
          value={tag}
          onValue={setTag}
          maxLength={100}
          placeholder="v1.0.0"
          spellCheck={false}
          autoComplete="off"
        />
        <GitHubField label={t('github.release.titleLabel')} value={title} onValue={setTitle} maxLength={256} />
      </GitHubStep>
      <h3 className="github-subheading">{t('github.tab.releases')}</h3>
      {releases === null ? (
        <p className="github-note" role="status">
          {t('github.loading')}
        </p>
      ) : releases.length === 0 ? (
        <p className="github-note">{t('github.noneYet')}</p>
      ) : (
        <ul className="github-rows" aria-label={t('github.tab.releases')}>
          {releases.map((release) => (
            <li key={release.tag} className="github-row">
              <span className="github-row-name">
                <Tag aria-hidden="true" size={16} /> {release.tag}
              </span>
              {release.name !== release.tag ? <span className="github-row-detail">{release.name}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
