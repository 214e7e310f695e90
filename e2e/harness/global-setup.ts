import type { TestProject } from 'vitest/node';
import { startBuiltServer, startCodeHost } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The local code host itself (journeys change repositories "elsewhere" through it). */
    codeHostUrl: string;
  }
}

/**
 * One real server for the whole e2e run, on a free port with a throw-away database, with the
 * local code host (the fixture extension repositories) behind its /api/gh proxy, as `npm start` has.
 */
export default async function setup(project: TestProject) {
  const codeHost = await startCodeHost();
  let server;
  try {
    server = await startBuiltServer({ CODE_HOST_URL: codeHost.url });
  } catch (error) {
    await codeHost.stop();
    throw error;
  }
  project.provide('baseUrl', server.url);
  project.provide('codeHostUrl', codeHost.url);
  return async () => {
    await server.stop();
    await codeHost.stop();
  };
}
