// Why a downloaded .hex holds the project but no program, in the learner's words: the calls the
// board cannot run yet (how many, and the first few by name), "program too big" with the board, or what stopped the build.
import type { TFunction } from 'i18next';
import type { DownloadNote } from './download-project.ts';

/** How many call names a note spells out; the count says how many there are in all. */
export const NAMED_CALLS = 6;

export function downloadNoteText(note: DownloadNote, t: TFunction): string {
  switch (note.kind) {
    case 'unsupported': {
      const named = note.calls.slice(0, NAMED_CALLS).join(', ');
      const calls = note.calls.length > NAMED_CALLS ? `${named}, …` : named;
      return t('editor.deviceDownload.unsupported', { count: note.calls.length, calls });
    }
    case 'tooBig':
      return t('editor.deviceDownload.tooBig', { board: note.board, message: note.message });
    default:
      return t('editor.deviceDownload.notBuilt', { reason: note.reason });
  }
}
