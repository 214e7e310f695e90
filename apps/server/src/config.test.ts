import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { findRepoRoot } from './paths.ts';
import { ConfigError } from './startup-error.ts';

const repoRoot = join('/', 'repo');
const cwd = join('/', 'somewhere', 'else');
const load = (env: NodeJS.ProcessEnv) => loadConfig(env, { repoRoot, cwd });

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has localhost-only, embedded-database defaults', () => {
    expect(load({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: join(repoRoot, 'data'),
      pgliteDir: join(repoRoot, 'data', 'pglite'),
      webDist: join(repoRoot, 'apps', 'web', 'dist'),
      testPagesDist: null,
      logLevel: 'info',
      publicUrl: undefined,
      auth: { mode: 'local' },
      sharedStorePort: 3232,
      rateLimitPerMinute: 1200,
    });
  });

  it('reads every variable, resolving relative folders against the working directory', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://blockyard:secret@db.local:5432/blockyard',
      DATA_DIR: 'my-data',
      WEB_DIST: '/srv/web',
      TEST_PAGES_DIST: 'web-test',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://blockyard:secret@db.local:5432/blockyard',
      dataDir: join(cwd, 'my-data'),
      pgliteDir: join(cwd, 'my-data', 'pglite'),
      webDist: join('/', 'srv', 'web'),
      testPagesDist: join(cwd, 'web-test'),
      logLevel: 'debug',
      // Listening on the network: no demo sign-in and no shared storage unless asked for.
      publicUrl: undefined,
      auth: { mode: 'off' },
      sharedStorePort: null,
      rateLimitPerMinute: 1200,
    });
  });

  it('reads the sign-in, address and limit variables', () => {
    const config = load({
      PUBLIC_URL: 'https://blockyard.example.org/',
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'blockyard',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_PROVIDER_NAME: 'Example School',
      SHARED_STORE_PORT: 'off',
      RATE_LIMIT_PER_MINUTE: '50',
    });
    expect(config.publicUrl).toBe('https://blockyard.example.org');
    expect(config.auth).toEqual({
      mode: 'oidc',
      issuer: 'https://id.example.org',
      clientId: 'blockyard',
      clientSecret: 's3cret',
      providerName: 'Example School',
    });
    expect(config.sharedStorePort).toBeNull();
    expect(config.rateLimitPerMinute).toBe(50);
    expect(load({ AUTH: 'off', RATE_LIMIT_PER_MINUTE: 'off' })).toMatchObject({
      auth: { mode: 'off' },
      rateLimitPerMinute: null,
    });
    expect(load({ HOST: '0.0.0.0', AUTH: 'local', SHARED_STORE_PORT: '4000' })).toMatchObject({
      auth: { mode: 'local' },
      sharedStorePort: 4000,
    });
  });

  it('explains what AUTH=oidc is missing and refuses plain-http issuers elsewhere than this computer', () => {
    expect(() => load({ AUTH: 'oidc', OIDC_ISSUER: 'https://id.example.org' })).toThrow(
      /AUTH=oidc needs OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
    );
    expect(() => load({ OIDC_ISSUER: 'http://id.example.org', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(
      /OIDC_ISSUER must be an https:\/\/ address/,
    );
    expect(() => load({ AUTH: 'maybe' })).toThrow(/AUTH must be one of local, oidc, off/);
    expect(() => load({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL must be an http/);
    expect(() => load({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });

  it('treats empty values as unset', () => {
    expect(load({ PORT: '', DATABASE_URL: '', DATA_DIR: ' ', LOG_LEVEL: '' })).toEqual(load({}));
  });

  it('keeps the embedded database in memory for DATA_DIR=memory://', () => {
    expect(load({ DATA_DIR: 'memory://' })).toMatchObject({ dataDir: 'memory://', pgliteDir: 'memory://' });
  });

  it('accepts port 0 (pick a free port) and 65535', () => {
    expect(load({ PORT: '0' }).port).toBe(0);
    expect(load({ PORT: '65535' }).port).toBe(65535);
  });

  it.each(['abc', '-1', '65536', '3000.5', '1e3', '0x50', '3000abc'])(
    'rejects PORT=%s with a clear message',
    (port) => {
      expect(problemsOf({ PORT: port })).toEqual([`PORT must be a whole number from 0 to 65535 (got "${port}").`]);
    },
  );

  it('rejects an unknown LOG_LEVEL, naming the allowed ones', () => {
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
    ]);
  });

  it('rejects a DATABASE_URL that is not postgres, without echoing its password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@localhost/db' });
    expect(problems).toEqual(['DATABASE_URL must start with postgres:// or postgresql:// (got "mysql://").']);
    expect(problemsOf({ DATABASE_URL: 'not a url hunter2' }).join()).not.toContain('hunter2');
  });

  it('accepts postgresql:// URLs', () => {
    expect(load({ DATABASE_URL: 'postgresql://localhost/blockyard' }).databaseUrl).toBe(
      'postgresql://localhost/blockyard',
    );
  });

  it('rejects other URL schemes for DATA_DIR', () => {
    expect(problemsOf({ DATA_DIR: 'idb://blockyard' })).toEqual([
      'DATA_DIR must be a folder path or memory:// (got "idb://blockyard").',
    ]);
  });

  it('reports every problem at once', () => {
    let message = '';
    try {
      load({ PORT: 'x', LOG_LEVEL: 'y', HOST: 'a b' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('configuration is invalid');
    expect(message).toContain('PORT');
    expect(message).toContain('LOG_LEVEL');
    expect(message).toContain('HOST');
  });

  it('finds the repository root for its defaults', () => {
    const root = findRepoRoot();
    expect(root).toBeDefined();
    expect(loadConfig({}).webDist).toBe(join(root ?? '', 'apps', 'web', 'dist'));
  });
});
