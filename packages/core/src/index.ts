// Public surface of @blockyard/core: named exports only.
export type { Clock, TimerHandle } from './effects/clock.ts';
export { ManualClock } from './effects/manual-clock.ts';
export type { HttpClient, HttpRequest, HttpResponse } from './effects/http-client.ts';
export type { KeyValueStore } from './effects/key-value-store.ts';
export { MemoryKeyValueStore } from './effects/key-value-store.ts';
export type { CachedContent, ContentCacheStore } from './effects/content-cache-store.ts';
export { CONTENT_CACHE_MAX_CHARS, entriesOverCap, MemoryContentCacheStore } from './effects/content-cache-store.ts';
export type { Platform } from './effects/platform.ts';
export type { AudioOutput } from './effects/audio-output.ts';
// Project files and formats (issue 8): see README.md "Project files and formats".
export type { FormatErrorCode } from './formats/format-error.ts';
export { FORMAT_MESSAGES, FormatError, formatMessage, isFormatError } from './formats/format-error.ts';
export { decodeUtf8, encodeUtf8 } from './formats/utf8.ts';
export { decodeBase64, encodeBase64 } from './formats/base64.ts';
export { readU32LE, writeU32LE } from './formats/bytes.ts';
export { schedulerFromClock } from './compression/cooperative.ts';
export { decodeLzma, LzmaDataError } from './compression/lzma-decoder.ts';
export { encodeLzma } from './compression/lzma-encoder.ts';
export { formatHexRecord, HEX_RECORD, parseIntelHex, writeIntelHex } from './containers/intel-hex.ts';
export type { MemorySegment } from './containers/memory-image.ts';
export type { Uf2Region } from './containers/uf2.ts';
export { parseUf2Blocks, uf2Memory, UF2_FLAGS, UF2_PAYLOAD_SIZE, writeUf2 } from './containers/uf2.ts';
export { buildSourceEmbedding } from './containers/source-embedding.ts';
export type { BoardVersion } from './containers/board-layout.ts';
export { emptyProgramMarker, hasEmptyProgramMarker } from './containers/empty-program.ts';
export type { EmbedOptions } from './containers/embedded-project.ts';
export { encodeEmbeddedProject } from './containers/embedded-project.ts';
export { readProjectHex, writeProjectHex } from './containers/hex-project.ts';
export { readProjectUf2, writeProjectUf2 } from './containers/uf2-project.ts';
export type { RgbaImage } from './png/rgba-image.ts';
export { createImage } from './png/rgba-image.ts';
export { decodePng, encodePng } from './png/png-codec.ts';
export { embedBlobInImage } from './png/blob-image.ts';
export type { ProjectFiles } from './project/project-files.ts';
export { checkProjectFiles, editorFor, isSafeFileName, PROJECT_FILE } from './project/project-files.ts';
export { clashingFileNames, displayFileName, FILE_NAME_REASONS, fileNameProblem } from './project/file-names.ts';
export { MAX_PROJECT_FILE_CHARS, MAX_PROJECT_TEXT_BYTES } from './project/project-limits.ts';
export {
  newProjectConfig,
  parseProjectConfig,
  serializeProjectConfig,
  updateProjectConfig,
} from './project/project-config.ts';
export { listedFiles, validateForPublish } from './project/config-validation.ts';
export { compareVersions, TARGET_ID, TARGET_VERSION } from './project/versions.ts';
export type { ProjectFormat } from './project/loaded-project.ts';
export { type TargetVersionWarning } from './project/target-version-warning.ts';
export { encodeCompressedProject } from './project-file/compressed-project.ts';
export {
  detectProjectFormat,
  formatFromFileName,
  PROJECT_FORMATS,
  readProject,
  writeProject,
  writeProjectAsync,
} from './project-file/project-io.ts';
export { textHash } from './identifiers/text-hash.ts';
export type { RepoId } from './identifiers/repo-id.ts';
export { formatRepoId, parseRepoId } from './identifiers/repo-id.ts';
export type { RepoPolicy } from './identifiers/repo-status.ts';
export { repoStatus, shownInSearch } from './identifiers/repo-status.ts';
export { TARGET_CONFIG } from './identifiers/target-config.ts';
export type { PackageProblem } from './packages/package-problems.ts';
export type { PackageSource } from './packages/package-source.ts';
export { packageSourceKey, parsePackageSource } from './packages/package-source.ts';
export type { PackageFetcher } from './packages/package-fetcher.ts';
export { MemoryPackageFetcher } from './packages/package-fetcher.ts';
export type {
  GhErrorAnswer,
  GhPackageAnswer,
  GhRefsAnswer,
  GhSearchAnswer,
  RepoDescriptor,
} from './packages/gh-api.ts';
export { GH_PACKAGE_LIMITS } from './packages/gh-api.ts';
export { CloudPackageFetcher, GhProxyError } from './packages/cloud-package-fetcher.ts';
export { newestTag } from './packages/newest-tag.ts';
export { resolvePackageGraph, ROOT_ID } from './packages/package-graph.ts';
// Tutorials (issue 14): MakeCode tutorial markdown and the tutorial info cache; README "Tutorials".
export type { TutorialParseResult } from './tutorial/tutorial-types.ts';
export { imageStart, MAX_TUTORIAL_CHARS, parseTutorial } from './tutorial/parse-tutorial.ts';
export type { TutorialProblem } from './tutorial/tutorial-format-error.ts';
export {
  INVALID_TUTORIAL_FORMAT,
  isTutorialFormatError,
  TutorialFormatError,
} from './tutorial/tutorial-format-error.ts';
export type { BlockCounts, TutorialInfo } from './tutorial/tutorial-info-cache.ts';
export { TutorialInfoCache } from './tutorial/tutorial-info-cache.ts';
