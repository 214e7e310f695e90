// The rules of the app's service worker (docs/ARCHITECTURE.md, "Help pages offline"), kept pure so
// the build (which writes the list of files to keep), the worker and the tests share them.

/** Every cache of the app's offline copy starts with this; the firmware cache does not. */
const APP_CACHE_PREFIX = 'blockyard-app-';

/** The worker's address; it controls every page of the app (scope `/`). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** What the built app writes into sw.js. */
export interface OfflineManifest {
  /** A hash of the kept files' names and contents: a new build, a new cache. */
  readonly version: string;
  /** Addresses (from `/`) of the files kept for offline use. */
  readonly paths: readonly string[];
  /** Their total size in bytes, to see whether they fit before keeping them. */
  readonly bytes: number;
}

/** The cache that holds one build's files. */
export function appCacheName(version: string): string {
  return `${APP_CACHE_PREFIX}${version}`;
}

/** Caches of older builds (or a broken name), to delete once this build's worker takes over. */
export function staleAppCaches(names: readonly string[], version: string): string[] {
  const current = appCacheName(version);
  return names.filter((name) => name.startsWith(APP_CACHE_PREFIX) && name !== current);
}

// Not kept: precompressed twins (the server picks them itself), the firmware (its own cache,
// fetched on the first Download), the licence texts, the translation files the server answers
// from (the bundle has its own copies), the worker itself and Vite's build notes.
const skippedFolders = ['firmware/', 'licenses/', 'locales/', '.vite/'];
const skippedFile = /\.(br|gz|map)$/;

/**
 * The built files (paths relative to the build folder, `/` separators) the worker keeps:
 * the app page, every script, style, font and picture, and the simulator page.
 */
export function offlinePaths(files: readonly string[]): string[] {
  return files
    .filter((file) => !skippedFile.test(file))
    .filter((file) => !skippedFolders.some((folder) => file.startsWith(folder)))
    .filter((file) => `/${file}` !== SERVICE_WORKER_PATH)
    .map((file) => `/${file}`)
    .sort();
}

/** The app's page, served for every app address when the network is off. */
const APP_PAGE = '/index.html';
const SIMULATOR_PAGE = '/sim/index.html';

/** Folders that hold files, not pages of the app: a missing file there is no app page. */
const fileFolders = ['/api/', '/assets/', '/firmware/', '/licenses/', '/locales/', '/blockly-media/', '/sim/'];

/**
 * Whether the server answers `path` with the app's page (apps/server/src/web.ts): every address
 * but the file folders and names with a file ending (`/licenses/notes.txt`).
 */
export function isAppPage(path: string): boolean {
  if (path === '/' || path === APP_PAGE) return true;
  if (fileFolders.some((folder) => path.startsWith(folder) || `${path}/` === folder)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * How the worker answers a request:
 * - `page`: a page of the app: the network first, the kept app page when it fails.
 * - `kept`: a kept file: hashed scripts (never change) from the cache first, the rest from the
 *   network first so a new build's page is never mixed with an old build's files while online.
 * - `network`: anything else (the server's API, other sites, other methods): not touched.
 */
export type RequestRoute =
  { kind: 'page'; keptPath: string | null } | { kind: 'kept'; cacheFirst: boolean } | { kind: 'network' };

export function routeRequest(
  request: { url: string; method: string; mode: string },
  origin: string,
  kept: ReadonlySet<string>,
): RequestRoute {
  if (request.method !== 'GET') return { kind: 'network' };
  const url = new URL(request.url);
  if (url.origin !== origin) return { kind: 'network' };
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/')) return { kind: 'network' };
  if (request.mode === 'navigate') {
    const file = path.endsWith('/') ? `${path}index.html` : path;
    if (kept.has(file)) return { kind: 'page', keptPath: file };
    // The server answers every simulator address with the simulator page.
    if ((path === '/sim' || path.startsWith('/sim/')) && kept.has(SIMULATOR_PAGE))
      return { kind: 'page', keptPath: SIMULATOR_PAGE };
    return { kind: 'page', keptPath: isAppPage(path) && kept.has(APP_PAGE) ? APP_PAGE : null };
  }
  if (kept.has(path)) return { kind: 'kept', cacheFirst: path.startsWith('/assets/') };
  return { kind: 'network' };
}

/** Spec 000 §4, §9: storage past 90% of the quota (over 1 MB) clears the translations cache. */
const NEARLY_FULL_RATIO = 0.9;
const MIN_QUOTA_BYTES = 1_000_000;

/**
 * Whether the offline copy (`bytes`) fits without pushing the origin past 90% of its quota,
 * where the translations cache would be cleared and projects would run short of room. Unknown
 * usage or quota counts as room (the browser refuses a write that does not fit anyway).
 */
export function hasRoomForOfflineCopy(estimate: { usage?: number; quota?: number } | null, bytes: number): boolean {
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return true;
  if (estimate.quota <= MIN_QUOTA_BYTES) return estimate.usage + bytes <= estimate.quota;
  return estimate.usage + bytes <= NEARLY_FULL_RATIO * estimate.quota;
}
