import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy for every response. Everything comes from this server: no
 * request may go to another origin (avatars from an identity provider will need proxying).
 *
 * - scripts: our bundles, WebAssembly compilation ('wasm-unsafe-eval') and blob: modules (user
 *   programs compiled in the browser); no 'unsafe-eval', no inline scripts.
 * - styles: 'unsafe-inline', for React style attributes and editor-injected <style> elements.
 * - workers from self or blob:; frames only from self (the simulator page).
 * - frame-ancestors 'self': our pages may frame our pages (the editor frames /sim/), nobody
 *   else may. For frame-ancestors 'self' means this server's URL origin, so it also holds for
 *   the simulator in its sandbox="allow-scripts" (opaque origin) iframe.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "child-src 'self' blob:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
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

/** Sets the security headers first thing on every request, so error and 404 replies carry them too. */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
}
