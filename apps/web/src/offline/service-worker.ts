// The app's service worker (/sw.js; docs/ARCHITECTURE.md, "Help pages offline"). Built apart from
// the app by build/service-worker-plugin.ts, which fills in the list of files this build keeps.
// After one visit online, the editor, the guides, their search and every block help page open with
// the network off; an address that was not kept gets a plain-words page instead of the browser's.
import { findLanguage } from '../i18n/languages.ts';
import { pickOfflineLanguage, renderOfflinePage, type OfflinePageTextsByLanguage } from './offline-page.ts';
import {
  appCacheName,
  hasRoomForOfflineCopy,
  routeRequest,
  staleAppCaches,
  type OfflineManifest,
} from './offline-plan.ts';

declare const __BLOCKYARD_OFFLINE__: { manifest: OfflineManifest; texts: OfflinePageTextsByLanguage };

// The parts of the worker's global scope used here (the app's TypeScript setup has the DOM types,
// not the worker ones).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly navigator: Navigator;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const { manifest, texts } = __BLOCKYARD_OFFLINE__;
const cacheName = appCacheName(manifest.version);
const kept = new Set(manifest.paths);

/** Keeps this build's files; hashed files an older build already kept are copied, not fetched. */
async function keepFiles(): Promise<void> {
  const estimate = await worker.navigator.storage?.estimate().catch(() => null);
  // Projects come first: without room the app still works online, just not offline.
  if (!hasRoomForOfflineCopy(estimate ?? null, manifest.bytes)) throw new Error('no room for the offline copy');
  const cache = await caches.open(cacheName);
  for (const path of manifest.paths) {
    if (await cache.match(path)) continue;
    const earlier = path.startsWith('/assets/') ? await caches.match(path) : undefined;
    // `no-cache`: the page and other unhashed files are asked again, not taken from the HTTP cache.
    const response = earlier ?? (await fetch(new Request(path, { cache: 'no-cache' })));
    if (!response.ok) throw new Error(`could not keep ${path}: ${response.status}`);
    await cache.put(path, response);
  }
}

worker.addEventListener('install', (event) => {
  // No skipWaiting here: an open editor is never switched to a new build mid-session; the page
  // offers "reload" and sends `skip-waiting` when the learner agrees.
  event.waitUntil(keepFiles());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleAppCaches(names, manifest.version).map((name) => caches.delete(name)))),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'skip-waiting') void worker.skipWaiting();
});

function offlinePage(): Response {
  const language = pickOfflineLanguage(texts, worker.navigator.languages ?? [worker.navigator.language]);
  const words = texts[language] ?? texts.en;
  if (!words) return Response.error();
  const html = renderOfflinePage(words, language, findLanguage(language)?.rtl ?? false);
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function fromCache(path: string): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  return cache.match(path);
}

async function page(request: Request, keptPath: string | null): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const copy = keptPath ? await fromCache(keptPath) : undefined;
    return copy ?? offlinePage();
  }
}

async function keptFile(request: Request, path: string, cacheFirst: boolean): Promise<Response> {
  if (cacheFirst) return (await fromCache(path)) ?? fetch(request);
  try {
    return await fetch(request);
  } catch (error) {
    const copy = await fromCache(path);
    if (copy) return copy;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeRequest(request, worker.location.origin, kept);
  if (route.kind === 'page') event.respondWith(page(request, route.keptPath));
  else if (route.kind === 'kept') event.respondWith(keptFile(request, new URL(request.url).pathname, route.cacheFirst));
  // Anything else goes to the network as if there were no worker.
});
