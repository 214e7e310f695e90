// Public surface of @blockyard/projects: named exports only.
export type {
  DamagedRecord,
  Project,
  ProjectDraft,
  ProjectFiles,
  ProjectSummary,
  ProjectVersionSummary,
} from './project.ts';
export type { ProjectStoreErrorCode } from './project-store-error.ts';
export { ProjectStoreError, isProjectStoreError, toProjectStoreError } from './project-store-error.ts';
export type { ProjectNameProblem } from './project-name.ts';
export { MAX_PROJECT_NAME_LENGTH, checkProjectName, fitProjectName, uniqueProjectName } from './project-name.ts';
export type { ProjectStore } from './project-store.ts';

// Storage engines and stores.
export type {
  RecordArea,
  RecordDatabase,
  RecordKey,
  RecordTransaction,
  StoredRecord,
  WriteDurability,
} from './record-database.ts';
export { RECORD_AREAS } from './record-database.ts';
export type { RecordProjectStoreOptions } from './record-project-store.ts';
export { RecordProjectStore, sequentialIds } from './record-project-store.ts';
export { MemoryProjectStore } from './memory-project-store.ts';
export { DeferredProjectStore } from './deferred-project-store.ts';
export { DRAFT_JOURNAL_KEY, DraftJournalProjectStore } from './draft-journal-project-store.ts';
// History, trash, drafts, recovery.
export { TRASH_RETENTION_MS, purgeExpiredTrash, trashExpiresAt } from './trash.ts';
export type { JournalEntry } from './edit-journal.ts';
export { recoverDrafts } from './draft-recovery.ts';
export type { DraftArrivals } from './orphan-draft-recovery.ts';
export { OrphanDraftRecovery } from './orphan-draft-recovery.ts';
export { recoveryFromRecords } from './recovery-from-records.ts';
export type { RecoveryBundle } from './recovery-bundle.ts';
export { recoveryFileName, serializeRecoveryBundle } from './recovery-bundle.ts';

// Editing: autosave and merging.
export type { AutosaveState } from './autosave-controller.ts';
export { AutosaveController } from './autosave-controller.ts';

// Tabs.
export type { BroadcastPort } from './broadcast-port.ts';
export { MemoryBroadcastHub } from './broadcast-port.ts';
export type { ProjectChangeSource, ProjectsTabMessage } from './tab-protocol.ts';
export { PROJECTS_CHANNEL } from './tab-protocol.ts';
export { TabSyncedProjectStore } from './tab-synced-project-store.ts';
export type { TabPresence } from './tab-presence.ts';
export { MemoryTabPresence, editorSession, sessionTab } from './tab-presence.ts';

// Quota and health.
export type { StorageEstimate, StorageQuota } from './storage-pressure.ts';
export { MemoryStorageQuota, StoragePressureMonitor } from './storage-pressure.ts';
export { QuotaAwareProjectStore } from './quota-aware-project-store.ts';
export type { StorageHealthState } from './storage-health.ts';
export { StorageHealth } from './storage-health.ts';

// The home screen.
export type { ProjectLibraryState } from './project-library.ts';
export { ProjectLibrary } from './project-library.ts';
export type { ImportProblem, ImportedProject, SkippedProject } from './project-file-import.ts';
export { MAX_IMPORT_CHARACTERS, readProjectFile } from './project-file-import.ts';
export { CORE_DEPENDENCIES, newProjectFiles } from './new-project.ts';
