// The public surface of @blockyard/docs (README.md): the docs content model, pure.
export type { TocEntry } from './summary.ts';
export { MAX_SUMMARY_CHARS, MAX_TOC_DEPTH, parseSummary, tocTrail } from './summary.ts';
export type { DocsFileData, DocsProblem } from './docs-macros.ts';
export { DOCS_BOXES, DOCS_COMMANDS, docsMessages, isValidDocsLink, remarkDocsMacros } from './docs-macros.ts';
export { checkDocsPage, MAX_PAGE_CHARS } from './check-page.ts';
export type { DocsPageSource, DocsSearch, DocsSearchHit } from './search-index.ts';
export {
  buildDocsSearchIndex,
  docsPageTitle,
  docsPlainText,
  loadDocsSearchIndex,
  MAX_QUERY_CHARS,
} from './search-index.ts';
export type {
  BlockArm,
  BlockPicture,
  BlockPicturePart,
  BlockShape,
  BlockSlotKind,
  BlockStack,
  ReferenceEntry,
  ReferenceLink,
  ReferencePageData,
  ReferenceParameter,
} from './reference/reference-model.ts';
export { blockPicture, blockWords } from './reference/block-picture.ts';
export { workspacePictures } from './reference/toolbox-picture.ts';
export { referenceExample } from './reference/reference-example.ts';
export type { CatalogueOptions, PythonNaming } from './reference/reference-catalogue.ts';
export {
  buildReferenceCatalogue,
  isDocumented,
  referencePath,
  referenceTitle,
  RELATED_LINKS,
} from './reference/reference-catalogue.ts';
export type { ReferenceCatalogue, ReferenceCategorySummary, ReferenceView } from './reference/reference-lookup.ts';
export {
  referenceCategories,
  referencePathOf,
  referenceView,
  splitWrittenExample,
} from './reference/reference-lookup.ts';
export type { BlockRefFinder } from './reference/block-ref.ts';
export { blockRefFinder, blockRefFinderFromPages } from './reference/block-ref.ts';
export { MAX_SNIPPET_CHARS, snippetKey } from './snippet-key.ts';
export type { PackageRef } from './reference/package-help.ts';
export {
  buildPackageHelp,
  packageBlockAnchor,
  packageExamples,
  packageBlockHelpUrl,
  packageHelpPath,
  packageRefText,
  parsePackagePath,
  withPythonExamples,
} from './reference/package-help.ts';
