// Public surface of @blockyard/platform: named exports only.
export { SystemClock } from './system-clock.ts';
export { LocalStorageStore } from './local-storage-store.ts';
export { FetchHttpClient } from './fetch-http-client.ts';
