import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy for every response but the simulator page. Everything comes from
 * this server, except a tutorial read from raw.githubusercontent.com (avatars from an identity
 * provider will need proxying).
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
export const contentSecurityPolicy = pagePolicy();

interface PagePolicyOptions {
  /** More origins pages may connect to (the shared storage for local development). */
  readonly connect?: readonly string[];
  /** Who may frame the page: only us (default), or any site (share pages, made for embedding). */
  readonly frameAncestors?: 'self' | 'any';
}

/** The page policy above, with the few variations some responses need. */
function pagePolicy(options: PagePolicyOptions = {}): string {
  // raw.githubusercontent.com: a teacher's tutorial opened by its GitHub link is read from there.
  const connect = ["'self'", 'data:', 'blob:', 'https://raw.githubusercontent.com', ...(options.connect ?? [])].join(
    ' ',
  );
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    `connect-src ${connect}`,
    "worker-src 'self'",
    "child-src 'self'",
    "frame-src 'self'",
    options.frameAncestors === 'any' ? 'frame-ancestors *' : "frame-ancestors 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** A share page (`/_` + 12 letters or digits): other sites may embed it (spec 001 §2 embeds). */
function isSharePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return /^\/_[A-Za-z0-9]{12}\/?$/.test(path);
}

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
 * The simulator inside an embedded share page (`/sim/?embed=1`): CSP checks frame-ancestors
 * against every ancestor, so under another site's page the simulator must allow any. Framing the
 * simulator gives a site nothing: it is an opaque-origin sandbox that connects nowhere.
 */
const embeddableSimulatorPolicy = simulatorContentSecurityPolicy.replace("frame-ancestors 'self'", 'frame-ancestors *');

function isEmbeddedSimulator(url: string): boolean {
  const query = url.split('#', 1)[0]?.split('?')[1] ?? '';
  return new URLSearchParams(query).get('embed') === '1';
}

/**
 * Headers every response carries. Deliberately not sent: X-Frame-Options (superseded by
 * frame-ancestors, and its SAMEORIGIN check would compare against the sandboxed simulator's
 * opaque origin), Cross-Origin-Resource-Policy (would block the opaque-origin simulator's
 * images and media) and Cross-Origin-Opener-Policy (nothing to gain on localhost, and it would
 * cut popups off from their opener).
 */
const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** True for the simulator page's addresses (/sim, /sim/ and below). */
function isSimulatorPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  return path === '/sim' || path.startsWith('/sim/');
}

/**
 * Sets the security headers first thing on every request, so error and 404 replies carry them
 * too. `connect` adds origins pages may connect to (known only once the server runs).
 */
export function addSecurityHeaders(app: FastifyInstance, connect: () => readonly string[] = () => []): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    const extra = connect();
    if (isSimulatorPath(request.url)) {
      reply.header(
        'content-security-policy',
        isEmbeddedSimulator(request.url) ? embeddableSimulatorPolicy : simulatorContentSecurityPolicy,
      );
    } else if (isSharePath(request.url)) {
      reply.header('content-security-policy', pagePolicy({ connect: extra, frameAncestors: 'any' }));
    } else if (extra.length > 0) reply.header('content-security-policy', pagePolicy({ connect: extra }));
    done();
  });
}
