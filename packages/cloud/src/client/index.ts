// The browser-side client of the server API, on injected effects (HttpClient, KeyValueStore, Clock).
export {
  CloudApi,
  CloudHttpError,
  LOGOUT_PATH,
  type CallOptions,
  type CloudApiOptions,
  type CloudResponse,
} from './cloud-api.ts';
export {
  CloudOfflineError,
  ContentClient,
  MAX_CACHED_CONTENT_CHARS,
  OFFLINE_REJECT_MS,
  TRANSLATION_REFRESH_MS,
  type ContentClientOptions,
} from './content-client.ts';
export {
  checkSharedStoreName,
  SharedStoreClient,
  SharedStoreMissingError,
  type SharedValue,
} from './shared-store-client.ts';
export { SharedStorage } from './shared-storage.ts';
export {
  ACCOUNT_PICKER_AFTER_SIGN_OUT_MS,
  AUTH_STORAGE_KEYS,
  AuthClient,
  type AuthClientOptions,
  type CallbackOutcome,
  type PageAddress,
  type PendingSignIn,
} from './auth-client.ts';
export {
  PREFERENCE_BATCH_DELAY_MS,
  PREFERENCE_FORCED_SEND_MS,
  PREFERENCE_RETRY_MAX_MS,
  PREFERENCE_RETRY_MS,
  PREFERENCE_STORAGE_KEYS,
  PreferenceSync,
  type PreferenceSyncOptions,
} from './preference-sync.ts';
export {
  MAX_REMEMBERED_SHARES,
  SHARE_STORAGE_PREFIX,
  ShareClient,
  shareEmbedCode,
  type ShareEmbedMode,
  type PublishedShare,
  type ShareClientOptions,
  type SharedProject,
} from './share-client.ts';
export {
  JUST_SYNCED_MS,
  PROJECT_POLL_MS,
  PROJECT_RETRY_MAX_MS,
  PROJECT_RETRY_MS,
  PROJECT_SYNC_DELAY_MS,
  ProjectSync,
  type CloudStatus,
  type ConflictChoice,
  type LocalProject,
  type LocalProjects,
  type ProjectSyncOptions,
  type SyncConflict,
} from './project-sync.ts';
