// Public surface of @blockyard/platform: named exports only.
export { SystemClock } from './system-clock.ts';
export { LocalStorageStore } from './local-storage-store.ts';
export { FetchHttpClient } from './fetch-http-client.ts';
export { WallClock } from './wall-clock.ts';
export { BroadcastChannelPort } from './broadcast-channel-port.ts';
export { NavigatorStorageQuota } from './navigator-storage-quota.ts';
export { IndexedDbContentCache, removeLegacyContentCache } from './content/indexeddb-content-cache.ts';
export type { StorageEstimator } from './content/storage-pressure.ts';
export { WebLocksTabPresence } from './web-locks-tab-presence.ts';
export { FetchFirmwareLoader } from './firmware/fetch-firmware-loader.ts';
export { openIndexedDbProjectStore } from './projects/indexeddb-project-store.ts';
export type { WebAudioFactory } from './audio/web-audio-output.ts';
export { WebAudioOutput } from './audio/web-audio-output.ts';
export { soundWorkletMain } from './audio/sound-worklet.ts';
