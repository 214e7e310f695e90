// Before JavaScript becomes blocks: which lines can only be shown as grey code blocks, with the
// promise that nothing is lost, and the choice to go on or stay.

import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';

interface SwitchDialogProps {
  greyLines: readonly { start: number; end: number }[];
  onContinue: () => void;
  onStay: () => void;
  /** The editor the learner is in (the Stay button names it). */
  from?: 'javascript' | 'python';
}

/** "Line 4", "Lines 4-6", "Lines 4-6, 9 and 12-13". */
function lineRanges(ranges: readonly { start: number; end: number }[], and: string): string {
  const parts = ranges.map(({ start, end }) => (start === end ? String(start) : `${start}-${end}`));
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} ${and} ${parts.at(-1)}`;
}

export function SwitchDialog({ greyLines, onContinue, onStay, from = 'javascript' }: SwitchDialogProps) {
  const { t } = useTranslation();
  const one = greyLines.length === 1 && greyLines[0]!.start === greyLines[0]!.end;
  const lines = lineRanges(greyLines, t('editor.and'));
  return (
    <Dialog open title={t('editor.greyTitle')} onClose={onStay}>
      <p>{one ? t('editor.greyOne', { lines }) : t('editor.greyMany', { lines })}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onStay}>
          {t(from === 'python' ? 'editor.stayPython' : 'editor.stay')}
        </button>
        <button type="button" className="button button-primary" onClick={onContinue} autoFocus>
          {t('editor.continue')}
        </button>
      </div>
    </Dialog>
  );
}
