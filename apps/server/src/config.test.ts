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
      logLevel: 'info',
    });
  });

  it('reads every variable, resolving relative folders against the working directory', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://blockyard:secret@db.local:5432/blockyard',
      DATA_DIR: 'my-data',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://blockyard:secret@db.local:5432/blockyard',
      dataDir: join(cwd, 'my-data'),
      pgliteDir: join(cwd, 'my-data', 'pglite'),
      webDist: join('/', 'srv', 'web'),
      logLevel: 'debug',
    });
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
