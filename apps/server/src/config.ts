import { join, resolve } from 'node:path';
import { findRepoRoot } from './paths.ts';
import { ConfigError } from './startup-error.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof logLevels)[number];

/** `DATA_DIR=memory://` keeps the embedded database in memory: handy for tests, gone on exit. */
export const MEMORY_DATA_DIR = 'memory://';

export interface ServerConfig {
  /** TCP port to listen on; 0 picks a free one. */
  readonly port: number;
  /** Interface to listen on; the default 127.0.0.1 is reachable from this computer only. */
  readonly host: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite database. */
  readonly databaseUrl: string | undefined;
  /** Absolute folder for Blockyard's data, or `memory://`. */
  readonly dataDir: string;
  /** Where PGlite keeps its files: `<dataDir>/pglite`, or `memory://`. */
  readonly pgliteDir: string;
  /** Absolute folder of the built web app (index.html, assets/, sim/index.html). */
  readonly webDist: string;
  /**
   * Absolute folder of the test pages' build (apps/web/dist-test: /sim-test/, /blocks-test/),
   * served only when set (the e2e harness and the benches); null in production.
   */
  readonly testPagesDist: string | null;
  readonly logLevel: LogLevel;
  /** The address people reach this server at, without a trailing slash; undefined: http://localhost:<port>. */
  readonly publicUrl: string | undefined;
  /** How people sign in. */
  readonly auth: AuthConfig;
  /** Port of the spec 001 §7 shared storage for local development; null when it is off. */
  readonly sharedStorePort: number | null;
  /** Requests per minute one address may make to /api in one process; null: no such limit. */
  readonly rateLimitPerMinute: number | null;
}

const DEFAULT_RATE_LIMIT_PER_MINUTE = 1200;

/**
 * Sign-in: `local` runs the built-in identity provider with demo accounts (development, tests,
 * a classroom trying things out); `oidc` uses an external OpenID Connect provider; `off` has no
 * sign-in (everything stays in each browser).
 */
export type AuthConfig =
  | { readonly mode: 'off' }
  | { readonly mode: 'local' }
  | {
      readonly mode: 'oidc';
      readonly issuer: string;
      readonly clientId: string;
      readonly clientSecret: string;
      readonly providerName: string;
    };

const authModes = ['local', 'oidc', 'off'] as const;

/** Spec 001 §7: the shared storage dev server's port. */
const DEFAULT_SHARED_STORE_PORT = 3232;

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** True when only this computer can reach the server (local development). */
export function isLoopbackHost(host: string): boolean {
  return loopbackHosts.has(host) || host.startsWith('127.');
}

export interface LoadConfigOptions {
  /** Base for the default DATA_DIR and WEB_DIST; found from this module's location by default. */
  readonly repoRoot?: string;
  /** Base for relative DATA_DIR and WEB_DIST values; process.cwd() by default. */
  readonly cwd?: string;
}

/**
 * Reads the server configuration from environment variables, applying defaults. An empty value
 * counts as unset. Throws a ConfigError listing every invalid variable at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): ServerConfig {
  const cwd = options.cwd ?? process.cwd();
  const repoRoot = options.repoRoot ?? findRepoRoot() ?? cwd;
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };

  const port = parsePort(value('PORT'), problems);

  const host = value('HOST') ?? '127.0.0.1';
  if (/\s/.test(host)) problems.push(`HOST must be a host name or IP address without spaces (got "${host}").`);

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined) checkDatabaseUrl(databaseUrl, problems);

  const dataDirValue = value('DATA_DIR');
  const dataDir =
    dataDirValue === MEMORY_DATA_DIR
      ? MEMORY_DATA_DIR
      : dataDirValue === undefined
        ? resolve(repoRoot, 'data')
        : resolve(cwd, dataDirValue);
  if (dataDirValue?.includes('://') && dataDirValue !== MEMORY_DATA_DIR) {
    problems.push(`DATA_DIR must be a folder path or ${MEMORY_DATA_DIR} (got "${dataDirValue}").`);
  }

  const webDistValue = value('WEB_DIST');
  const webDist = webDistValue === undefined ? resolve(repoRoot, 'apps', 'web', 'dist') : resolve(cwd, webDistValue);
  const testPagesDistValue = value('TEST_PAGES_DIST');
  const testPagesDist = testPagesDistValue === undefined ? null : resolve(cwd, testPagesDistValue);

  const logLevelValue = value('LOG_LEVEL')?.toLowerCase() ?? 'info';
  const logLevel = logLevels.find((level) => level === logLevelValue);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevelValue}").`);
  }

  const publicUrl = parsePublicUrl(value('PUBLIC_URL'), problems);
  const auth = parseAuth(value, host, problems);
  const sharedStorePort = parseSharedStorePort(value('SHARED_STORE_PORT'), host, problems);
  const rateLimitPerMinute = parseRateLimit(value('RATE_LIMIT_PER_MINUTE'), problems);

  if (problems.length > 0 || logLevel === undefined) throw new ConfigError(problems);
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    pgliteDir: dataDir === MEMORY_DATA_DIR ? MEMORY_DATA_DIR : join(dataDir, 'pglite'),
    webDist,
    testPagesDist,
    logLevel,
    publicUrl,
    auth,
    sharedStorePort,
    rateLimitPerMinute,
  };
}

function parseRateLimit(raw: string | undefined, problems: string[]): number | null {
  if (raw === undefined) return DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (raw.toLowerCase() === 'off') return null;
  const limit = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1)) {
    problems.push(`RATE_LIMIT_PER_MINUTE must be a whole number of requests (at least 1) or "off" (got "${raw}").`);
    return DEFAULT_RATE_LIMIT_PER_MINUTE;
  }
  return limit;
}

function parsePublicUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    if (url.search || url.hash || url.username) throw new Error('extra parts');
    return url.toString().replace(/\/+$/, '');
  } catch {
    problems.push(
      `PUBLIC_URL must be an http:// or https:// address such as https://blockyard.example.org (got "${raw}").`,
    );
    return undefined;
  }
}

function parseAuth(value: (name: string) => string | undefined, host: string, problems: string[]): AuthConfig {
  const issuer = value('OIDC_ISSUER');
  const rawMode = value('AUTH')?.toLowerCase();
  const mode = rawMode ?? (issuer !== undefined ? 'oidc' : isLoopbackHost(host) ? 'local' : 'off');
  if (mode === 'off' || mode === 'local') return { mode };
  if (mode !== 'oidc') {
    problems.push(`AUTH must be one of ${authModes.join(', ')} (got "${rawMode}").`);
    return { mode: 'off' };
  }
  const clientId = value('OIDC_CLIENT_ID');
  const clientSecret = value('OIDC_CLIENT_SECRET');
  const missing = [
    issuer === undefined ? 'OIDC_ISSUER' : '',
    clientId === undefined ? 'OIDC_CLIENT_ID' : '',
    clientSecret === undefined ? 'OIDC_CLIENT_SECRET' : '',
  ].filter(Boolean);
  if (missing.length > 0) {
    problems.push(`AUTH=oidc needs ${missing.join(', ')} (from your identity provider's app registration).`);
    return { mode: 'off' };
  }
  try {
    const url = new URL(issuer ?? '');
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) throw new Error();
  } catch {
    problems.push(`OIDC_ISSUER must be an https:// address (got "${issuer}").`);
    return { mode: 'off' };
  }
  return {
    mode: 'oidc',
    issuer: issuer ?? '',
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    providerName: value('OIDC_PROVIDER_NAME') ?? 'your school account',
  };
}

function parseSharedStorePort(raw: string | undefined, host: string, problems: string[]): number | null {
  if (raw === undefined) return isLoopbackHost(host) ? DEFAULT_SHARED_STORE_PORT : null;
  if (raw.toLowerCase() === 'off') return null;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    problems.push(`SHARED_STORE_PORT must be a port number or "off" (got "${raw}").`);
    return null;
  }
  return port;
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 3000;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${raw}").`);
    return 3000;
  }
  return port;
}

function checkDatabaseUrl(raw: string, problems: string[]): void {
  // The URL may hold a password: never echo it back.
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push('DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database.');
    return;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (got "${url.protocol}//").`);
  }
}
