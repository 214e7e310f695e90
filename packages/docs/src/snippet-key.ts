// How a guide's `blocks` snippet is found again: its code without the blank edges, as the build
// (reading the markdown file) and the page (reading the rendered code) both see it.

/** Longer snippets stay code: a guide's example is a few lines. */
export const MAX_SNIPPET_CHARS = 8000;

export function snippetKey(code: string): string {
  return code.replace(/\r\n?/g, '\n').trim();
}
