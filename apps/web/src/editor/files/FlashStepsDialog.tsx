import { useTranslation } from 'react-i18next';
import type { ProgramSize } from '@blockyard/compiler-worker';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * After a Download that holds a program the board can run: the plain steps to the MICROBIT
 * drive, and how much of the board's program space the program takes (V1's, the smaller).
 * Shown only when the file really can run (ProjectDownload.runnable).
 */
export function FlashStepsDialog({
  fileName,
  size,
  onClose,
}: {
  fileName: string | null;
  size?: ProgramSize | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Dialog open={fileName !== null} title={t('editor.flash.title')} onClose={onClose} className="flash-dialog">
      <p>{t('editor.flash.saved', { file: fileName })}</p>
      <ol className="flash-steps">
        <li>{t('editor.flash.plugIn')}</li>
        <li>{t('editor.flash.find', { file: fileName })}</li>
        <li>{t('editor.flash.drag', { file: fileName })}</li>
        <li>{t('editor.flash.wait')}</li>
      </ol>
      {size && (
        <div className="flash-size">
          <label htmlFor="flash-size-meter">
            {t('editor.flash.size', {
              used: number(size.used),
              room: number(size.room),
              percent: Math.max(1, Math.round((size.used / size.room) * 100)),
            })}
          </label>
          <meter id="flash-size-meter" min={0} max={size.room} value={size.used} high={size.room * 0.9} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" autoFocus onClick={onClose}>
          {t('editor.flash.done')}
        </button>
      </div>
    </Dialog>
  );
}
