// Public surface of @blockyard/core: named exports only.
export type { Clock, TimerHandle } from './effects/clock.ts';
export { ManualClock } from './effects/manual-clock.ts';
export type { HttpClient, HttpRequest, HttpResponse } from './effects/http-client.ts';
export type { KeyValueStore } from './effects/key-value-store.ts';
export { MemoryKeyValueStore } from './effects/key-value-store.ts';
export type { Platform } from './effects/platform.ts';
export type { AudioOutput } from './effects/audio-output.ts';
