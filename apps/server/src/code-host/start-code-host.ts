import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCodeHostApp } from './code-host-app.ts';
import { buildFixtureRepos } from './fixture-repos.ts';

/** The fixture repositories shipped with the server's tests (extensions in MakeCode's layout). */
const FIXTURES_DIR = join(import.meta.dirname, '..', '..', 'test-fixtures', 'code-host');

export interface RunningCodeHost {
  /** Base URL of the REST API, e.g. http://127.0.0.1:43210 (no trailing slash). */
  url: string;
  repos: string[];
  close(): Promise<void>;
}

/**
 * Builds the fixture repositories into a fresh temporary folder and serves them. Used by the tests
 * and by `npm start` (scripts/start.mjs) in development.
 */
export async function startCodeHost({
  fixturesDir = FIXTURES_DIR,
  port = 0,
  host = '127.0.0.1',
}: { fixturesDir?: string; port?: number; host?: string } = {}): Promise<RunningCodeHost> {
  const reposDir = await mkdtemp(join(tmpdir(), 'blockyard-code-host-'));
  try {
    const repos = await buildFixtureRepos(fixturesDir, reposDir);
    let url = `http://${host}:${port}`;
    const app = buildCodeHostApp({ reposDir, baseUrl: () => url });
    await app.listen({ port, host });
    url = `http://${host}:${(app.server.address() as AddressInfo).port}`;
    return {
      url,
      repos,
      close: async () => {
        await app.close();
        await rm(reposDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(reposDir, { recursive: true, force: true });
    throw error;
  }
}
