// Why a downloaded .hex holds the project but no program, in the learner's words: the calls the
// board cannot run yet (how many, and the first few by name), "program too big" with the board, or what stopped the build.
// The places of those calls become links that take the learner to the block or line.
import type { TFunction } from 'i18next';
import type { PlaceTarget, SourcePlace } from '../session/session-types.ts';
import type { DownloadNote } from './download-project.ts';

/** An API function's name (`radio.sendNumber`, `motor.run`), as opposed to a sentence. */
const CALL_NAME = /^[\w$]+(\.[\w$]+)*$/;

/** How many call names a note spells out; the count says how many there are in all. */
export const NAMED_CALLS = 6;

export function downloadNoteText(note: DownloadNote, t: TFunction): string {
  switch (note.kind) {
    case 'unsupported': {
      // Every API call runs on the board now; what remains are parts of the language the back
      // end cannot compile yet, which arrive as sentences rather than call names.
      const feature = note.calls.find((call) => !CALL_NAME.test(call));
      if (feature !== undefined) return t('editor.deviceDownload.unsupportedFeature', { what: feature });
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

/** A place of the note the learner can go to: the words on the link and where it leads. */
export interface NoteLink {
  readonly label: string;
  readonly target: PlaceTarget;
}

/**
 * The links of a note: each place that uses something the board cannot run yet, where the
 * learner edits it now (`locate`: a block in blocks, else a line), once per block or line, in
 * source order, at most NAMED_CALLS. `blockLabel` gives a block's words as the learner sees them.
 */
export function downloadNoteLinks(
  note: DownloadNote,
  t: TFunction,
  locate: (place: SourcePlace) => PlaceTarget,
  blockLabel: (blockId: string) => string | undefined,
): NoteLink[] {
  if (note.kind !== 'unsupported') return [];
  const links: NoteLink[] = [];
  const seen = new Set<string>();
  for (const place of note.places) {
    if (links.length >= NAMED_CALLS) break;
    const target = locate(place);
    const key = target.blockId !== undefined ? `block:${target.blockId}` : `${target.file}:${target.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const label =
      target.blockId !== undefined
        ? t('editor.deviceDownload.showBlock', { block: blockLabel(target.blockId) ?? place.call })
        : isMainFile(target.file)
          ? t('editor.deviceDownload.showLine', { line: target.line })
          : t('editor.deviceDownload.showFileLine', { file: target.file, line: target.line });
    links.push({ label, target });
  }
  return links;
}

function isMainFile(file: string): boolean {
  return file === 'main.ts' || file === 'main.py';
}
