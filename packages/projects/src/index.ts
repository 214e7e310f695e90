// Public surface of @blockyard/projects: named exports only.
export type {
  DamagedRecord,
  Project,
  ProjectDraft,
  ProjectFiles,
  ProjectListing,
  ProjectSummary,
  ProjectVersion,
  ProjectVersionSummary,
  VersionReason,
} from './project.ts';
export { filesSize, sameFiles, summarize } from './project.ts';
export type { ProjectStoreErrorCode } from './project-store-error.ts';
export { ProjectStoreError, isProjectStoreError, toProjectStoreError } from './project-store-error.ts';
export type { ProjectNameProblem } from './project-name.ts';
export {
  MAX_PROJECT_NAME_LENGTH,
  checkProjectName,
  fitProjectName,
  normalizeProjectName,
  uniqueProjectName,
} from './project-name.ts';
export type { NewProject, ProjectChanges, ProjectStore, SaveOptions, SaveResult } from './project-store.ts';

// Storage engines and stores.
export type {
  RangedArea,
  RecordArea,
  RecordDatabase,
  RecordKey,
  RecordTransaction,
  StoredRecord,
  WriteDurability,
} from './record-database.ts';
export { RECORD_AREAS, keyText } from './record-database.ts';
export type { RecordProjectStoreOptions } from './record-project-store.ts';
export { RecordProjectStore, sequentialIds } from './record-project-store.ts';
export { MemoryRecordDatabase } from './memory-record-database.ts';
export type { MemoryProjectStoreOptions } from './memory-project-store.ts';
export { MemoryProjectStore } from './memory-project-store.ts';
export { DeferredProjectStore } from './deferred-project-store.ts';
export { ForwardingProjectStore } from './forwarding-project-store.ts';
export {
  DRAFT_JOURNAL_DAMAGED_KEY,
  DRAFT_JOURNAL_KEY,
  DraftJournalProjectStore,
} from './draft-journal-project-store.ts';
export type { Read } from './project-record.ts';
export { rawText, readDraft, readFiles, readJournalEntry, readSummary, readVersionSummary } from './project-record.ts';

// History, trash, drafts, recovery.
export type { VersionStamp } from './history-pruning.ts';
export { HISTORY_TIERS, versionsToPrune } from './history-pruning.ts';
export type { TrashPurgeReport } from './trash.ts';
export {
  TRASH_RETENTION_DAYS,
  TRASH_RETENTION_MS,
  isTrashExpired,
  purgeExpiredTrash,
  trashExpiresAt,
} from './trash.ts';
export type {
  EditJournalOptions,
  JournalChange,
  JournalEntry,
  JournalReplay,
  JournalSink,
  TextSplice,
} from './edit-journal.ts';
export { applySplice, EditJournal, replayedContent, replayJournal, textSplice } from './edit-journal.ts';
export { discards, newestDrafts } from './draft-selection.ts';
export type { DraftRecovery, DraftRecoveryOptions } from './draft-recovery.ts';
export { recoverDraft, recoverDrafts } from './draft-recovery.ts';
export type { RawProjectRecords } from './recovery-from-records.ts';
export { recoveryFromRecords } from './recovery-from-records.ts';
export type { DamagedRecordCopy, RecoveryBundle } from './recovery-bundle.ts';
export {
  RECOVERY_FORMAT,
  createRecoveryBundle,
  looksLikeRecoveryBundle,
  readRecoveryBundle,
  recoveryFileName,
  serializeRecoveryBundle,
} from './recovery-bundle.ts';

// Editing: autosave and merging.
export type { MergeResult, ProjectContent } from './merge-content.ts';
export { mergeContent, sameContent } from './merge-content.ts';
export type {
  AutosaveConflict,
  AutosaveError,
  AutosaveOptions,
  AutosaveState,
  AutosaveStatus,
} from './autosave-controller.ts';
export {
  AUTOSAVE_IDLE_MS,
  AUTOSAVE_MAX_WAIT_MS,
  AUTOSAVE_RETRY_DELAYS_MS,
  AutosaveController,
} from './autosave-controller.ts';

// Tabs.
export type { BroadcastPort } from './broadcast-port.ts';
export { MemoryBroadcastHub } from './broadcast-port.ts';
export type {
  ProjectChange,
  ProjectChangeKind,
  ProjectChangeSource,
  ProjectChangedMessage,
  ProjectsTabMessage,
} from './tab-protocol.ts';
export { PROJECTS_CHANNEL, PROJECTS_PROTOCOL_VERSION, isProjectsTabMessage } from './tab-protocol.ts';
export { TabSyncedProjectStore } from './tab-synced-project-store.ts';
export type { TabPresence } from './tab-presence.ts';
export { MemoryTabPresence, editorSession, sessionTab } from './tab-presence.ts';

// Quota and health.
export type {
  CacheCleaner,
  StorageEstimate,
  StoragePressureLevel,
  StoragePressureState,
  StorageQuota,
} from './storage-pressure.ts';
export {
  MemoryStorageQuota,
  STORAGE_CLEANUP_THROTTLE_MS,
  STORAGE_MIN_QUOTA_BYTES,
  STORAGE_PRESSURE_RATIO,
  StoragePressureMonitor,
  isUnderPressure,
} from './storage-pressure.ts';
export { QuotaAwareProjectStore } from './quota-aware-project-store.ts';
export type { DatabaseHealth, StorageHealthState } from './storage-health.ts';
export { StorageHealth } from './storage-health.ts';

// The home screen.
export type { ProjectLibraryState } from './project-library.ts';
export { ProjectLibrary } from './project-library.ts';
export type {
  FilesProblem,
  ImportProblem,
  ImportResult,
  ImportedProject,
  SkippedProject,
} from './project-file-import.ts';
export { MAX_IMPORT_CHARACTERS, isImportableFileName, readProjectFile } from './project-file-import.ts';
export { CORE_DEPENDENCIES, newProjectConfig, newProjectFiles } from './new-project.ts';
