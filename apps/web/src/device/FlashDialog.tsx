// While a program goes to the board: a progress bar, what is happening in plain words and the time
// left, with Stop. When it fails: what happened, the steps that fix it, Try again and "Save the
// file instead" (dragging the file to the MICROBIT drive always works).

import type { FlashProgress } from '@blockyard/device';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import './board.css';
import type { BoardControls } from './use-board.ts';

/**
 * The native dialog focuses the element marked `autofocus` when it opens (React's autoFocus only
 * calls focus() before the dialog opens, and opening then moves focus to the first button).
 */
function autofocus(element: HTMLElement | null): void {
  element?.setAttribute('autofocus', '');
}

function stageWords(progress: FlashProgress | null, preparing: boolean): string {
  // The same words as the Download button while the file is made.
  if (preparing) return 'editor.downloading';
  if (!progress) return 'board.progress.connecting';
  if (progress.stage === 'recovering')
    return progress.recovery === 'unplugged' ? 'board.progress.unplugged' : 'board.progress.noAnswer';
  if (progress.stage === 'done') return 'board.progress.restarting';
  return `board.progress.${progress.stage}`;
}

export function FlashDialog({ board, onSaveFile }: { board: BoardControls; onSaveFile: () => void }) {
  const { t } = useTranslation();
  const { view } = board;
  if (view.kind === 'flashing') {
    const progress = view.progress;
    const percent = progress?.percent ?? 0;
    const seconds = progress?.msLeft != null ? Math.max(1, Math.ceil(progress.msLeft / 1000)) : null;
    return (
      <Dialog open title={t('board.progress.title')} onClose={board.cancel} className="flash-progress-dialog">
        <div
          className="flash-progress"
          role="progressbar"
          aria-label={t('board.progress.title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="flash-progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="flash-progress-words" aria-live="polite">
          {t(stageWords(progress, view.preparing === true))}
        </p>
        <p className="flash-progress-time">
          {seconds !== null && progress?.stage === 'writing'
            ? t('board.progress.timeLeft', { count: seconds })
            : '\u00a0'}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={board.cancel}>
            {t('board.progress.stop')}
          </button>
        </div>
      </Dialog>
    );
  }
  const failed = view.kind === 'failed' ? view : null;
  const help = failed?.help;
  return (
    <Dialog
      open={failed !== null}
      title={help ? t(`board.help.title.${help.topic}`) : ''}
      onClose={board.closeView}
      className="flash-help-dialog"
    >
      {help ? (
        <>
          <ol className="flash-steps">
            {help.steps.map((step) => (
              <li key={step}>{t(`board.help.step.${step}`)}</li>
            ))}
          </ol>
          {help.detail ? <p className="flash-help-detail">{t('board.help.detail', { detail: help.detail })}</p> : null}
          <div className="dialog-actions">
            {help.saveFile ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  board.closeView();
                  onSaveFile();
                }}
              >
                {t('board.help.saveFile')}
              </button>
            ) : null}
            {help.retry ? (
              <button type="button" className="button button-primary" ref={autofocus} onClick={failed?.retry}>
                {t('board.help.tryAgain')}
              </button>
            ) : (
              <button type="button" className="button button-primary" ref={autofocus} onClick={board.closeView}>
                {t('board.help.close')}
              </button>
            )}
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
