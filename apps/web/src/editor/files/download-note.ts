// Why a downloaded .hex holds the project but no program, in the learner's words: the calls the
// board cannot run yet by name, "program too big" with the board, or what stopped the build.
import type { TFunction } from 'i18next';
import type { DownloadNote } from './download-project.ts';

export function downloadNoteText(note: DownloadNote, t: TFunction): string {
  switch (note.kind) {
    case 'unsupported':
      return t('editor.deviceDownload.unsupported', { count: note.calls.length, calls: note.calls.join(', ') });
    case 'tooBig':
      return t('editor.deviceDownload.tooBig', { board: note.board, message: note.message });
    default:
      return t('editor.deviceDownload.notBuilt', { reason: note.reason });
  }
}
