import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server for the whole e2e run, on a free port with a throw-away database. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
