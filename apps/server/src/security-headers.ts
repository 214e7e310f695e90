import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy for every response but the simulator page. Everything comes from
 * this server: no request may go to another origin (avatars from an identity provider will need
 * proxying).
 *
 * - scripts: our bundles and WebAssembly compilation ('wasm-unsafe-eval'); no 'unsafe-eval',
 *   no inline scripts and no blob: scripts (issue 21: a program loaded plain JavaScript through
 *   a blob: script). The sound worklet is a file of ours too.
 * - styles: 'unsafe-inline', for React style attributes and editor-injected <style> elements.
 * - workers from self only (the compiler worker); frames only from self (the simulator page).
 * - frame-ancestors 'self': our pages may frame our pages (the editor frames /sim/), nobody
 *   else may. For frame-ancestors 'self' means this server's URL origin, so it also holds for
 *   the simulator in its sandbox="allow-scripts" (opaque origin) iframe.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'self' data: blob: https://raw.githubusercontent.com",
  "worker-src 'self'",
  "child-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The simulator page's policy (/sim/, in its sandboxed frame). The page draws the boards; the
 * learner's program runs in a worker the page starts from a blob: script (`worker-src blob:`).
 * That worker inherits this policy, so program code, even code that escaped the runtime's
 * checks, can evaluate no strings, load no blob: or data: scripts (only our bundles, 'self'),
 * open no connection (connect-src 'none') and frame nothing. See docs/ARCHITECTURE.md, "Threat
 * model".
 */
export const simulatorContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // The board's SVG becomes a picture through a blob: image (screenshots, thumbnails, GIFs).
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'none'",
  'worker-src blob:',
  "child-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'self'",
  "manifest-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Headers every response carries. Deliberately not sent: X-Frame-Options (superseded by
 * frame-ancestors, and its SAMEORIGIN check would compare against the sandboxed simulator's
 * opaque origin), Cross-Origin-Resource-Policy (would block the opaque-origin simulator's
 * images and media) and Cross-Origin-Opener-Policy (nothing to gain on localhost, and it would
 * cut popups off from their opener).
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** True for the simulator page's addresses (/sim, /sim/ and below). */
export function isSimulatorPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return path === '/sim' || path.startsWith('/sim/');
}

/** Sets the security headers first thing on every request, so error and 404 replies carry them too. */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    if (isSimulatorPath(request.url)) reply.header('content-security-policy', simulatorContentSecurityPolicy);
    done();
  });
}
