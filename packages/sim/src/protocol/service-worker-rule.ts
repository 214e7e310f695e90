// The simulator page's service worker rule (spec 002 §2): it registers one only when its address
// contains the simulator marker and the host is not local, at the simulator address with its
// ending (everything from the marker on) replaced by the worker's name. Our simulator lives at
// `/sim/`, so the marker is that path segment.

import { isLocalHost } from './origin-check.ts';

const SIMULATOR_MARKER = '/sim/';
export const SIMULATOR_SERVICE_WORKER = 'sim-service-worker.js';

/**
 * The service worker address to register for the page at `href`, or undefined when none should
 * be. With `localHostMode: false` (`nolocalhost=1`) a local host counts as any other host.
 */
export function simulatorServiceWorkerUrl(href: string, options: { localHostMode?: boolean } = {}): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (options.localHostMode !== false && isLocalHost(url.hostname)) return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const at = url.pathname.indexOf(SIMULATOR_MARKER);
  if (at < 0) return undefined;
  return `${url.origin}${url.pathname.slice(0, at + SIMULATOR_MARKER.length)}${SIMULATOR_SERVICE_WORKER}`;
}
