import { checkProjectName, type AutosaveController } from '@blockyard/projects';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft, History } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutosaveIndicator } from '../editor/AutosaveIndicator.tsx';
import { HistoryPanel } from '../editor/HistoryPanel.tsx';
import { SaveProblems } from '../editor/SaveProblems.tsx';
import { useAutosave, useFlushOnPageHide } from '../projects/autosave-hooks.ts';
import { useProject, useProjectServices } from '../projects/project-hooks.ts';
import { formatDateTime } from '../ui/relative-time.ts';
import { ToastRegion } from '../ui/ToastRegion.tsx';
import { ToastQueue } from '../ui/toasts.ts';
import { useNow } from '../ui/use-now.ts';
import './editor-page.css';

/**
 * The editor placeholder: the project's name and main.ts in a text area, saved as you type,
 * with History and the multi-tab conflict choices. The real Blocks | JavaScript editor replaces
 * the text area later and keeps useProject / useAutosave.
 */
export function EditorPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/projects/$id' });
  const load = useProject(id);
  if (load.status === 'ready') return <ProjectEditor key={id} autosave={load.autosave} />;
  const [title, text] =
    load.status === 'loading'
      ? [t('editor.loading'), null]
      : load.status === 'missing'
        ? [t('editor.missingTitle'), t('editor.missingText')]
        : load.status === 'damaged'
          ? [t('editor.damagedTitle'), t('editor.damagedText')]
          : [t('editor.errorTitle'), load.message];
  return (
    <div className="page">
      <h1 role={load.status === 'loading' ? 'status' : undefined}>{title}</h1>
      {text ? <p>{text}</p> : null}
      {load.status === 'loading' ? null : (
        <Link to="/" className="button button-secondary">
          <ArrowLeft aria-hidden="true" size={18} />
          {t('editor.home')}
        </Link>
      )}
    </div>
  );
}

function ProjectEditor({ autosave }: { autosave: AutosaveController }) {
  const { t, i18n } = useTranslation();
  const services = useProjectServices();
  const navigate = useNavigate();
  const state = useAutosave(autosave);
  useFlushOnPageHide(autosave);
  const now = useNow(15_000);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [toasts] = useState(() => new ToastQueue(services.clock));
  const [name, setName] = useState({ version: state.contentVersion, value: autosave.getContent().name });
  // Content replaced from outside (other tab, merge, restore): show the new name.
  const shownName = name.version === state.contentVersion ? name.value : autosave.getContent().name;
  const historyId = useId();

  const keepMine = () => {
    const copyName = t('editor.myCopyName', { name: autosave.getContent().name });
    autosave.keepMineAsCopy(copyName).then(
      (copy) => {
        toasts.show(t('editor.copyMade', { name: copy.name }));
        void navigate({ to: '/projects/$id', params: { id: copy.id } });
      },
      (error: unknown) => toasts.show(String(error instanceof Error ? error.message : error), { tone: 'error' }),
    );
  };

  return (
    <div className="page editor-page">
      <h1 className="visually-hidden">{shownName}</h1>
      <div className="editor-top">
        <Link to="/" className="button button-secondary editor-back">
          <ArrowLeft aria-hidden="true" size={18} />
          {t('editor.home')}
        </Link>
        <NameField
          key={state.contentVersion}
          value={shownName}
          onChange={(value) => {
            setName({ version: state.contentVersion, value });
            if (checkProjectName(value) === null) autosave.edit({ name: value });
          }}
          onRevert={() => setName({ version: state.contentVersion, value: autosave.getContent().name })}
        />
        <AutosaveIndicator state={state} now={now} />
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={() => setHistoryOpen((open) => !open)}
        >
          <History aria-hidden="true" size={18} />
          {t('editor.history')}
        </button>
      </div>
      <SaveProblems
        autosave={autosave}
        state={state}
        onKeepMine={keepMine}
        onRestoreFromTrash={() => void services.store.restore(autosave.projectId)}
      />
      <div className={`editor-body${historyOpen ? ' editor-body-with-history' : ''}`}>
        <CodeArea key={state.contentVersion} autosave={autosave} />
        <div id={historyId} hidden={!historyOpen}>
          {historyOpen ? (
            <HistoryPanel
              autosave={autosave}
              revision={state.revision}
              now={now}
              onRestored={(version) =>
                toasts.show(t('editor.restoredVersion', { time: formatDateTime(version.savedAt, i18n.language) }))
              }
              onFailed={(reason) => toasts.show(t('editor.restoreFailed', { reason }), { tone: 'error' })}
            />
          ) : null}
        </div>
      </div>
      <ToastRegion queue={toasts} />
    </div>
  );
}

function NameField({
  value,
  onChange,
  onRevert,
}: {
  value: string;
  onChange: (value: string) => void;
  onRevert: () => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const problem = checkProjectName(value);
  const message =
    problem === 'empty'
      ? t('editor.nameEmpty')
      : problem === 'too-long'
        ? t('editor.nameTooLong')
        : t('editor.nameInvalid');
  return (
    <div className="editor-name">
      <input
        className="text-input editor-name-input"
        value={value}
        aria-label={t('editor.nameLabel')}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          if (problem) onRevert();
        }}
      />
      {problem ? (
        <p id={errorId} className="field-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function CodeArea({ autosave }: { autosave: AutosaveController }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => autosave.getContent().files['main.ts'] ?? '');
  const id = useId();
  return (
    <div className="editor-code">
      <label htmlFor={id} className="field-label">
        {t('editor.codeLabel')}
      </label>
      <textarea
        id={id}
        className="editor-textarea"
        value={text}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onChange={(event) => {
          setText(event.target.value);
          autosave.edit({ files: { 'main.ts': event.target.value } });
        }}
      />
    </div>
  );
}
