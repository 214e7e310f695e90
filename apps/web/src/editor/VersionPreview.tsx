// A look at one saved version before bringing it back: its blocks or its code, read-only, with
// Restore beside Close. Nothing here changes the project until Restore is pressed.

import type { ProjectFiles } from '@blockyard/projects';
import { RotateCcw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { hasBlocks, PYTHON_FILE, type EditorMode } from './session/project-files.ts';

const VersionBlocks = lazy(() => import('./blocks/VersionBlocks.tsx').then((m) => ({ default: m.VersionBlocks })));

interface VersionPreviewProps {
  /** "5 minutes ago", as the list says it. */
  when: string;
  /** The full date and time. */
  time: string;
  /** The version's files, or null while they load, or 'error'. */
  files: ProjectFiles | null | 'error';
  /** The editor the learner is in: the preview starts in the same one when the version has it. */
  mode: EditorMode;
  highContrast: boolean;
  /** False for the version the project is at now. */
  restorable: boolean;
  busy: boolean;
  onRestore: () => void;
  onClose: () => void;
}

/** The views a version's files allow, in the editor's order. */
function previewViews(files: ProjectFiles): EditorMode[] {
  const views: EditorMode[] = [];
  if (hasBlocks(files)) views.push('blocks');
  if (files['main.ts'] !== undefined) views.push('javascript');
  if (Object.hasOwn(files, PYTHON_FILE)) views.push('python');
  return views;
}

export function VersionPreview(props: VersionPreviewProps) {
  const { when, time, files, mode, highContrast, restorable, busy, onRestore, onClose } = props;
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<EditorMode | null>(null);
  const views = files && files !== 'error' ? previewViews(files) : [];
  const view = chosen && views.includes(chosen) ? chosen : views.includes(mode) ? mode : views[0];

  let body;
  if (files === null) body = <p role="status">{t('editor.previewLoading')}</p>;
  else if (files === 'error') body = <p role="alert">{t('editor.previewFailed')}</p>;
  else if (view === undefined) body = <p>{t('editor.previewEmpty')}</p>;
  else if (view === 'blocks') {
    body = (
      <Suspense fallback={<p role="status">{t('editor.previewLoading')}</p>}>
        <VersionBlocks xml={files['main.blocks'] ?? ''} highContrast={highContrast} />
      </Suspense>
    );
  } else {
    body = (
      <pre className="version-preview-code" tabIndex={0} aria-label={t(`editor.mode.${view}`)}>
        <code>{view === 'python' ? files[PYTHON_FILE] : files['main.ts']}</code>
      </pre>
    );
  }

  return (
    <Dialog open title={t('editor.previewTitle', { when })} onClose={onClose} className="version-preview">
      <p className="version-preview-intro">{t('editor.previewIntro', { time })}</p>
      {views.length > 1 ? (
        <div className="version-preview-views" role="group" aria-label={t('editor.previewShow')}>
          {views.map((each) => (
            <button
              key={each}
              type="button"
              className="button button-secondary button-small"
              aria-pressed={each === view}
              onClick={() => setChosen(each)}
            >
              {t(`editor.mode.${each}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="version-preview-body">{body}</div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose} autoFocus={!restorable}>
          {t('editor.previewClose')}
        </button>
        {restorable ? (
          <button type="button" className="button button-primary" disabled={busy} onClick={onRestore}>
            <RotateCcw aria-hidden="true" size={18} />
            {t('editor.previewRestore')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
