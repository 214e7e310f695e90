/**
 * How big a project may be, checked by every reader while it reads (a compressed file is stopped
 * as soon as it unpacks past the limit, see decodeLzma) and by every writer (so whatever is
 * written can be read back). Generous: a 1,000-block project is about 230 KB of text.
 */

/** All of a project's text once unpacked (the JSON around the files included), in bytes. */
export const MAX_PROJECT_TEXT_BYTES = 16 * 1024 * 1024;
/** One file of a project, in characters. */
export const MAX_PROJECT_FILE_CHARS = 4 * 1024 * 1024;
/** Files in one project (MakeCode projects have a handful). */
export const MAX_PROJECT_FILE_COUNT = 500;

/** A size for people: "16 MB". */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}
