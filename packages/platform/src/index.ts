// Public surface of @blockyard/platform: named exports only.
export { SystemClock } from './system-clock.ts';
export { LocalStorageStore } from './local-storage-store.ts';
export { FetchHttpClient } from './fetch-http-client.ts';
export { WallClock } from './wall-clock.ts';
export { BroadcastChannelPort } from './broadcast-channel-port.ts';
export { NavigatorStorageQuota } from './navigator-storage-quota.ts';
export type { IndexedDbContentCacheOptions } from './content/indexeddb-content-cache.ts';
export { IndexedDbContentCache, removeLegacyContentCache } from './content/indexeddb-content-cache.ts';
export type { StorageEstimator } from './content/storage-pressure.ts';
export type { PageLifecycle, TabLocks } from './web-locks-tab-presence.ts';
export { TAB_LOCK_PREFIX, WebLocksTabPresence } from './web-locks-tab-presence.ts';
export type { FetchFirmwareLoaderOptions } from './firmware/fetch-firmware-loader.ts';
export { FetchFirmwareLoader, FIRMWARE_CACHE_NAME } from './firmware/fetch-firmware-loader.ts';
export type { ConnectionLoss } from './projects/indexeddb-record-database.ts';
export { IndexedDbRecordDatabase } from './projects/indexeddb-record-database.ts';
export type { OpenedProjectDatabase, OpenProjectDatabaseOptions } from './projects/open-project-database.ts';
export { OPEN_TIMEOUT_MS, openProjectDatabase } from './projects/open-project-database.ts';
export { PROJECT_DB_NAME, PROJECT_DB_VERSION } from './projects/project-database-schema.ts';
export { salvageProjectDatabase } from './projects/salvage-project-database.ts';
export type { OpenedProjectStore, OpenIndexedDbProjectStoreOptions } from './projects/indexeddb-project-store.ts';
export { IndexedDbProjectStore, openIndexedDbProjectStore } from './projects/indexeddb-project-store.ts';
export type {
  AudioOutputStatus,
  PulledAudioSource,
  WebAudioFactory,
  WebAudioOutputOptions,
} from './audio/web-audio-output.ts';
export { WebAudioOutput } from './audio/web-audio-output.ts';
export type { SampleQueueApi, SampleQueueOptions } from './audio/sound-worklet.ts';
export { SOUND_WORKLET_SOURCE, soundWorkletMain } from './audio/sound-worklet.ts';
export type { PageToWorklet, SoundWorkletOptions, WorkletToPage } from './audio/sound-worklet-protocol.ts';
export { SOUND_WORKLET_PROCESSOR } from './audio/sound-worklet-protocol.ts';
