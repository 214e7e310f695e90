/**
 * A problem the person starting the server can fix (bad configuration, a locked or damaged data
 * folder, an unreachable database). `main` prints only its message: no stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** One or more environment variables are invalid; `problems` lists each one. */
export class ConfigError extends StartupError {
  override name = 'ConfigError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Blockyard cannot start: the configuration is invalid.\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** The database could not be opened, locked, connected to or migrated. */
export class DatabaseOpenError extends StartupError {
  override name = 'DatabaseOpenError';
}

/** The message of anything thrown, including AggregateError (whose own message is often empty). */
export function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    const inner = [...new Set(error.errors.map(errorMessage))].join('; ');
    return error.message ? `${error.message} (${inner})` : inner;
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
