// The public surface of @blockyard/docs (README.md): the docs content model, pure.
export type { TocEntry } from './summary.ts';
export { MAX_SUMMARY_CHARS, MAX_TOC_DEPTH, parseSummary, tocTrail } from './summary.ts';
