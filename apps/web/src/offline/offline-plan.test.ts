import { describe, expect, it } from 'vitest';
import {
  appCacheName,
  hasRoomForOfflineCopy,
  isAppPage,
  offlinePaths,
  routeRequest,
  staleAppCaches,
} from './offline-plan.ts';

const origin = 'https://blockyard.example';
const kept = new Set(['/index.html', '/sim/index.html', '/assets/main-abc123.js', '/blockly-media/sprites.svg']);
const get = (path: string, mode = 'cors') => ({ url: `${origin}${path}`, method: 'GET', mode });

describe('cache names', () => {
  it('names one cache per build version', () => {
    expect(appCacheName('1a2b')).toBe('blockyard-app-1a2b');
    expect(appCacheName('1a2b')).not.toBe(appCacheName('3c4d'));
  });

  it("deletes older builds' caches, never this build's nor the firmware cache", () => {
    const names = [
      'blockyard-app-old1',
      'blockyard-app-now',
      'blockyard-firmware-v1',
      'other-site-cache',
      'blockyard-app-',
    ];
    expect(staleAppCaches(names, 'now')).toEqual(['blockyard-app-old1', 'blockyard-app-']);
    expect(staleAppCaches(['blockyard-app-now'], 'now')).toEqual([]);
  });
});

describe('which built files are kept', () => {
  it('keeps the page, scripts, pictures and the simulator page, not twins, firmware or licences', () => {
    const files = [
      'index.html',
      'index.html.br',
      'assets/main-abc123.js',
      'assets/main-abc123.js.gz',
      'assets/DocsMarkdown-x1.js',
      'blockly-media/sprites.svg',
      'favicon.svg',
      'sim/index.html',
      'firmware/8b83.hex',
      'firmware/NOTICE.md',
      'licenses/LICENSE.txt',
      'locales/en/translation.json',
      'sw.js',
      '.vite/manifest.json',
    ];
    expect(offlinePaths(files)).toEqual([
      '/assets/DocsMarkdown-x1.js',
      '/assets/main-abc123.js',
      '/blockly-media/sprites.svg',
      '/favicon.svg',
      '/index.html',
      '/sim/index.html',
    ]);
  });
});

describe('app pages', () => {
  it('counts the app routes as pages and files as files', () => {
    for (const path of [
      '/',
      '/docs/simulator',
      '/reference/basic/show-number',
      '/pkg/neopixel',
      '/projects/p1',
      '/_abcdefabcdef',
    ])
      expect(isAppPage(path), path).toBe(true);
    for (const path of [
      '/licenses/third-party-notices.txt',
      '/assets/x.js',
      '/api/config',
      '/firmware/a.hex',
      '/favicon.svg',
    ])
      expect(isAppPage(path), path).toBe(false);
  });
});

describe('routing requests', () => {
  it('answers app pages from the network first, with the kept app page as the fallback', () => {
    expect(routeRequest(get('/reference/basic/show-number', 'navigate'), origin, kept)).toEqual({
      kind: 'page',
      keptPath: '/index.html',
    });
    expect(routeRequest(get('/', 'navigate'), origin, kept)).toEqual({ kind: 'page', keptPath: '/index.html' });
  });

  it('falls back to the simulator page for simulator addresses', () => {
    expect(routeRequest(get('/sim/', 'navigate'), origin, kept)).toEqual({ kind: 'page', keptPath: '/sim/index.html' });
    expect(routeRequest(get('/sim/run', 'navigate'), origin, kept)).toEqual({
      kind: 'page',
      keptPath: '/sim/index.html',
    });
  });

  it('has no fallback for a page that was not kept (the offline page shows)', () => {
    expect(routeRequest(get('/licenses/LICENSE.txt', 'navigate'), origin, kept)).toEqual({
      kind: 'page',
      keptPath: null,
    });
    // Without the app page kept (never installed, or cleared), no app route has one either.
    expect(routeRequest(get('/docs/simulator', 'navigate'), origin, new Set())).toEqual({
      kind: 'page',
      keptPath: null,
    });
  });

  it('serves hashed files from the cache first and other kept files from the network first', () => {
    expect(routeRequest(get('/assets/main-abc123.js'), origin, kept)).toEqual({ kind: 'kept', cacheFirst: true });
    expect(routeRequest(get('/blockly-media/sprites.svg'), origin, kept)).toEqual({ kind: 'kept', cacheFirst: false });
  });

  it('leaves the API, other sites, writes and unkept files to the network', () => {
    expect(routeRequest(get('/api/config'), origin, kept)).toEqual({ kind: 'network' });
    expect(routeRequest(get('/api/projects', 'navigate'), origin, kept)).toEqual({ kind: 'network' });
    expect(routeRequest({ ...get('/assets/main-abc123.js'), method: 'POST' }, origin, kept)).toEqual({
      kind: 'network',
    });
    expect(
      routeRequest(
        { url: 'https://raw.githubusercontent.com/a/b/main/t.md', method: 'GET', mode: 'cors' },
        origin,
        kept,
      ),
    ).toEqual({ kind: 'network' });
    expect(routeRequest(get('/firmware/a.hex'), origin, kept)).toEqual({ kind: 'network' });
  });
});

describe('room for the offline copy', () => {
  const mb = 1_000_000;
  it('keeps the copy only when the origin stays under 90% of its quota', () => {
    expect(hasRoomForOfflineCopy({ usage: 10 * mb, quota: 100 * mb }, 12 * mb)).toBe(true);
    expect(hasRoomForOfflineCopy({ usage: 80 * mb, quota: 100 * mb }, 12 * mb)).toBe(false);
    expect(hasRoomForOfflineCopy({ usage: 78 * mb, quota: 100 * mb }, 12 * mb)).toBe(true);
  });

  it('counts an unknown estimate as room and a tiny quota by its size', () => {
    expect(hasRoomForOfflineCopy(null, 12 * mb)).toBe(true);
    expect(hasRoomForOfflineCopy({ quota: 100 * mb }, 12 * mb)).toBe(true);
    expect(hasRoomForOfflineCopy({ usage: 0, quota: 0.5 * mb }, 12 * mb)).toBe(false);
  });
});
