// Public surface of @blockyard/core: named exports only.
export type { Clock, TimerHandle } from './effects/clock.ts';
export { ManualClock } from './effects/manual-clock.ts';
export type { HttpClient, HttpRequest, HttpResponse } from './effects/http-client.ts';
export type { KeyValueStore } from './effects/key-value-store.ts';
export { MemoryKeyValueStore } from './effects/key-value-store.ts';
export type { Platform } from './effects/platform.ts';
export type { AudioOutput } from './effects/audio-output.ts';
export type { ControllerVersion, Layout, PageFlags, PageFlagsContext } from './page-flags/page-flags.ts';
export { parsePageFlags } from './page-flags/page-flags.ts';
export type { BrowserName, BrowserSupport, BrowserSupportOptions } from './browser-support/browser-support.ts';
export { MIN_BROWSER_VERSIONS, checkBrowserSupport, isBotUserAgent } from './browser-support/browser-support.ts';
export type { LanguageInfo } from './languages/languages.ts';
export {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  findLanguage,
  languages,
  normalizeLanguageCode,
  pickLocale,
} from './languages/languages.ts';
