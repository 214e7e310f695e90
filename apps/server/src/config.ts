import { join, resolve } from 'node:path';
import { findRepoRoot } from './paths.ts';
import { ConfigError } from './startup-error.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

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
  readonly logLevel: LogLevel;
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

  const logLevelValue = value('LOG_LEVEL')?.toLowerCase() ?? 'info';
  const logLevel = logLevels.find((level) => level === logLevelValue);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevelValue}").`);
  }

  if (problems.length > 0 || logLevel === undefined) throw new ConfigError(problems);
  return {
    port,
    host,
    databaseUrl,
    dataDir,
    pgliteDir: dataDir === MEMORY_DATA_DIR ? MEMORY_DATA_DIR : join(dataDir, 'pglite'),
    webDist,
    logLevel,
  };
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
