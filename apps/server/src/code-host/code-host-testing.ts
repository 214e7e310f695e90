// Test support for the local code host: a fetch-backed HttpClient for @blockyard/cloud's client,
// and a code host on an empty temporary repositories folder. Used by the unit tests here and by
// the GitHub e2e journey (which talks to the code host it started itself).
import type { HttpClient } from '@blockyard/core';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCodeHostApp, type CodeHostOptions } from './code-host-app.ts';

/** The client's HTTP port over the platform fetch, as the browser and our server use it. */
export const fetchHttp: HttpClient = {
  async request(request) {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    return { status: response.status, headers: {}, text: () => response.text() };
  },
};

export interface TestCodeHost {
  /** Base URL, e.g. http://127.0.0.1:43210 (no trailing slash). */
  url: string;
  /** The repositories folder (`<owner>/<repo>` git repositories), for checks straight on disk. */
  reposDir: string;
  close(): Promise<void>;
}

/** A code host with no repositories yet, listening on a free local port. */
export async function startEmptyCodeHost(
  options: Omit<CodeHostOptions, 'reposDir' | 'baseUrl'> = {},
): Promise<TestCodeHost> {
  const reposDir = await mkdtemp(join(tmpdir(), 'blockyard-code-host-test-'));
  const app = buildCodeHostApp({ reposDir, ...options });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await rm(reposDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    reposDir,
    close: async () => {
      await app.close();
      await rm(reposDir, { recursive: true, force: true });
    },
  };
}
