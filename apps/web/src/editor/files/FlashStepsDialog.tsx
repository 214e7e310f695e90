import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';

/**
 * After a Download that holds a program the board can run: the plain steps to the MICROBIT
 * drive. Shown only when the file really can run (ProjectDownload.runnable).
 */
export function FlashStepsDialog({ fileName, onClose }: { fileName: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={fileName !== null} title={t('editor.flash.title')} onClose={onClose} className="flash-dialog">
      <p>{t('editor.flash.saved', { file: fileName })}</p>
      <ol className="flash-steps">
        <li>{t('editor.flash.plugIn')}</li>
        <li>{t('editor.flash.find', { file: fileName })}</li>
        <li>{t('editor.flash.drag', { file: fileName })}</li>
        <li>{t('editor.flash.wait')}</li>
      </ol>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" autoFocus onClick={onClose}>
          {t('editor.flash.done')}
        </button>
      </div>
    </Dialog>
  );
}
