// "Open a teacher's tutorial" on the home page: a MakeCode tutorial from a markdown file or a
// GitHub link becomes the learner's own project in tutorial mode. Problems are said in plain
// words next to the controls; nothing is created for what is not a tutorial.

import { useNavigate } from '@tanstack/react-router';
import { FileText, Link2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectServices } from '../projects/project-hooks.ts';
import { startTutorialFromMarkdown } from './start-tutorial.ts';
import { fetchTutorial, readTutorialFile, TutorialOpenError, type TutorialOpenProblem } from './tutorial-source.ts';

type State = { kind: 'idle' } | { kind: 'opening' } | { kind: 'problem'; problem: TutorialOpenProblem | 'failed' };

export function OpenTutorial() {
  const { t } = useTranslation();
  const services = useProjectServices();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [link, setLink] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const linkId = useId();
  const messageId = useId();

  const open = async (read: () => Promise<string>) => {
    setState({ kind: 'opening' });
    try {
      const id = await startTutorialFromMarkdown(services.library, await read());
      await navigate({ to: '/projects/$id', params: { id } });
    } catch (error) {
      setState({ kind: 'problem', problem: error instanceof TutorialOpenError ? error.problem : 'failed' });
    }
  };

  return (
    <div className="open-tutorial">
      <h3 className="open-tutorial-title">{t('openTutorial.title')}</h3>
      <p className="home-section-intro">{t('openTutorial.intro')}</p>
      <div className="open-tutorial-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={state.kind === 'opening'}
          onClick={() => file.current?.click()}
        >
          <FileText aria-hidden="true" size={20} />
          {t('openTutorial.file')}
        </button>
        <input
          ref={file}
          type="file"
          accept=".md,.markdown,.txt,text/markdown,text/plain"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          aria-label={t('openTutorial.file')}
          data-testid="open-tutorial-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void open(() => readTutorialFile(chosen));
          }}
        />
        <form
          className="open-tutorial-link"
          onSubmit={(event) => {
            event.preventDefault();
            if (link.trim()) void open(() => fetchTutorial(link));
          }}
        >
          <label htmlFor={linkId} className="field-label">
            {t('openTutorial.linkLabel')}
          </label>
          <span className="open-tutorial-link-row">
            <input
              id={linkId}
              className="text-input"
              type="url"
              inputMode="url"
              placeholder="https://github.com/…/tutorial.md"
              value={link}
              maxLength={2000}
              onChange={(event) => setLink(event.target.value)}
              aria-describedby={state.kind === 'problem' ? messageId : undefined}
            />
            <button type="submit" className="button button-primary" disabled={state.kind === 'opening' || !link.trim()}>
              <Link2 aria-hidden="true" size={20} />
              {t('openTutorial.open')}
            </button>
          </span>
        </form>
      </div>
      {state.kind === 'opening' ? <p role="status">{t('openTutorial.opening')}</p> : null}
      {state.kind === 'problem' ? (
        <p id={messageId} role="alert" className="field-error">
          {t(`openTutorial.problem.${state.problem}`)}
        </p>
      ) : null}
    </div>
  );
}
