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
export { dataUrlLength, decodeBase64, encodeBase64 } from './formats/base64.ts';
export type { Scheduler, CooperativeOptions } from './compression/cooperative.ts';
export { DEFAULT_SLICE_MS, runCooperatively, schedulerFromClock } from './compression/cooperative.ts';
export type { LzmaDecodeOptions } from './compression/lzma-decoder.ts';
export { decodeLzma, LzmaDataError, PROGRESS_STEP } from './compression/lzma-decoder.ts';
export type { LzmaEncodeOptions } from './compression/lzma-encoder.ts';
export { DEFAULT_LZMA_LEVEL, encodeLzma, LzmaEncoder } from './compression/lzma-encoder.ts';
export { encodeLzmaAsync } from './compression/lzma.ts';
export type { IntelHexImage, IntelHexWriteOptions } from './containers/intel-hex.ts';
export { formatHexRecord, HEX_RECORD, IntelHexError, parseIntelHex, writeIntelHex } from './containers/intel-hex.ts';
export type { MemorySection, MemorySegment } from './containers/memory-image.ts';
export type { Uf2Block, Uf2Region } from './containers/uf2.ts';
export {
  isUf2,
  parseUf2Blocks,
  uf2Memory,
  Uf2Error,
  UF2_BLOCK_SIZE,
  UF2_FLAGS,
  UF2_PAYLOAD_SIZE,
  writeUf2,
} from './containers/uf2.ts';
export type { FindSourceResult, RawEmbeddedSource } from './containers/source-embedding.ts';
export { buildSourceEmbedding, findSourceEmbedding, SOURCE_MAGIC } from './containers/source-embedding.ts';
export type { BoardLayout, BoardVersion } from './containers/board-layout.ts';
export { BOARD_LAYOUTS, DEFAULT_FLASH_SIZE, UF2_FAMILY_IDS } from './containers/board-layout.ts';
export { EMPTY_PROGRAM_TEXT, emptyProgramMarker, hasEmptyProgramMarker } from './containers/empty-program.ts';
export type { EmbeddedProject, EmbedOptions } from './containers/embedded-project.ts';
export { decodeEmbeddedProject, encodeEmbeddedProject } from './containers/embedded-project.ts';
export type { ContainerWriteOptions } from './containers/hex-project.ts';
export { containerLayout, readProjectHex, writeProjectHex, writeProjectHexAsync } from './containers/hex-project.ts';
export type { Uf2WriteOptions } from './containers/uf2-project.ts';
export { readProjectUf2, writeProjectUf2, writeProjectUf2Async } from './containers/uf2-project.ts';
export type { RgbaImage } from './png/rgba-image.ts';
export { createImage, scaleImage } from './png/rgba-image.ts';
export type { PngEncodeOptions } from './png/png-codec.ts';
export { decodePng, encodePng, isPng, PngError } from './png/png-codec.ts';
export { embedBlobInImage, extractBlobFromImage, IMAGE_BLOB_MAGIC } from './png/blob-image.ts';
export { defaultScreenshot } from './png/default-screenshot.ts';
export type { PngWriteOptions, PngWriteResult } from './png/project-png.ts';
export {
  DEFAULT_PIXEL_DENSITY,
  PNG_MAX_DATA_URL_LENGTH,
  readProjectPng,
  writeProjectPng,
  writeProjectPngAsync,
} from './png/project-png.ts';
export type { EditorKind, ProjectFiles } from './project/project-files.ts';
export { checkProjectFiles, editorFor, isSafeFileName, PROJECT_FILE, toProjectFiles } from './project/project-files.ts';
export type { FileNameProblem } from './project/file-names.ts';
export {
  clashingFileNames,
  displayFileName,
  FILE_NAME_REASONS,
  fileNameProblem,
  MAX_FILE_NAME_DEPTH,
  MAX_FILE_NAME_LENGTH,
} from './project/file-names.ts';
export {
  formatSize,
  MAX_PROJECT_FILE_CHARS,
  MAX_PROJECT_FILE_COUNT,
  MAX_PROJECT_TEXT_BYTES,
} from './project/project-limits.ts';
export { unpackProjectText } from './project/unpack-project-text.ts';
export type { ProjectConfig, ProjectConfigChanges, YottaSettings } from './project/project-config.ts';
export {
  configFromObject,
  newProjectConfig,
  parseProjectConfig,
  serializeProjectConfig,
  UNTITLED,
  updateProjectConfig,
} from './project/project-config.ts';
export { checkTargetVersion, listedFiles, validateForPublish } from './project/config-validation.ts';
export { compareVersions, isSemver, majorVersion, TARGET_ID, TARGET_VERSION } from './project/versions.ts';
export type { LoadedProject, ProjectFormat, ReadOptions } from './project/loaded-project.ts';
export { targetVersionWarning, type TargetVersionWarning } from './project/target-version-warning.ts';
export type { CompressedProjectOptions } from './project-file/compressed-project.ts';
export { decodeCompressedProject, encodeCompressedProject } from './project-file/compressed-project.ts';
export { writeProjectJson, writeProjectMkcd, writeProjectMkcdAsync } from './project-file/project-file.ts';
export type { ReadProjectOptions, WriteProjectOptions } from './project-file/project-io.ts';
export {
  checkWritable,
  detectProjectFormat,
  formatFromFileName,
  MAX_PROJECT_FILE_BYTES,
  PROJECT_FORMATS,
  readProject,
  writeProject,
  writeProjectAsync,
} from './project-file/project-io.ts';
export { isScriptId, isUuid, parseScriptId } from './identifiers/ids.ts';
export { textHash } from './identifiers/text-hash.ts';
export type { RepoId } from './identifiers/repo-id.ts';
export { formatRepoId, parseRepoId } from './identifiers/repo-id.ts';
export type { RepoPolicy, RepoStatus } from './identifiers/repo-status.ts';
export { repoStatus, shownInSearch } from './identifiers/repo-status.ts';
export type { TargetConfig } from './identifiers/target-config.ts';
export { TARGET_CONFIG } from './identifiers/target-config.ts';
export type { PackageProblem, PackageProblemCode } from './packages/package-problems.ts';
export { PACKAGE_MESSAGES } from './packages/package-problems.ts';
export type { PackageSource } from './packages/package-source.ts';
export { joinPath, packageSourceKey, parsePackageSource } from './packages/package-source.ts';
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
export type { PackageGraph, PackageNode, PackageState, ResolveOptions } from './packages/package-graph.ts';
export { resolvePackageGraph, ROOT_ID } from './packages/package-graph.ts';
export { findPackageConflicts, flattenYottaSettings } from './packages/package-conflicts.ts';
// Tutorials (issue 14): MakeCode tutorial markdown and the tutorial info cache; README "Tutorials".
export type {
  TutorialActivity,
  TutorialBlockConfig,
  TutorialEditor,
  TutorialMetadata,
  TutorialParseResult,
  TutorialSimTheme,
  TutorialStep,
  TutorialValidationConfig,
  TutorialValidator,
} from './tutorial/tutorial-types.ts';
export { imageStart, MAX_TUTORIAL_CHARS, parseTutorial, parseValidationConfig } from './tutorial/parse-tutorial.ts';
export type { TutorialProblem } from './tutorial/tutorial-format-error.ts';
export {
  INVALID_TUTORIAL_FORMAT,
  isTutorialFormatError,
  TutorialFormatError,
} from './tutorial/tutorial-format-error.ts';
export type { BlockCounts, TutorialInfo, TutorialInfoRecord } from './tutorial/tutorial-info-cache.ts';
export {
  isTutorialInfoKey,
  readTutorialInfoRecord,
  TUTORIAL_INFO_MAX_AGE_MS,
  TUTORIAL_INFO_MAX_CHARS,
  TUTORIAL_INFO_VERSION,
  TutorialInfoCache,
} from './tutorial/tutorial-info-cache.ts';
