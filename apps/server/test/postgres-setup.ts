import type { TestProject } from 'vitest/node';
import { findPostgresBin, startThrowawayPostgres } from '../../../scripts/lib/throwaway-postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL the tests may create schemas in, or '' when there is none. */
    postgresUrl: string;
  }
}

/**
 * Gives the tests a PostgreSQL: TEST_DATABASE_URL when set, else a throw-away cluster when
 * Debian's server is installed (`npm test` installs it), else none (the PostgreSQL runs skip).
 * BLOCKYARD_TEST_POSTGRES=off skips it on purpose.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) {
    project.provide('postgresUrl', given);
    return undefined;
  }
  if (process.env.BLOCKYARD_TEST_POSTGRES === 'off' || !findPostgresBin()) {
    project.provide('postgresUrl', '');
    return undefined;
  }
  const cluster = await startThrowawayPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
