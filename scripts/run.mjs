// Runs a command from the repository root, echoing it, and exits on failure.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

/**
 * `limitMinutes` stops a command that runs far past its usual time (a stuck test must fail CI
 * with a message saying where, not use up CI's whole budget): coreutils' `timeout` signals the
 * command's whole process group, so test workers stop with it.
 */
export function run(command, args, options = {}) {
  const { limitMinutes, ...spawnOptions } = options;
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const [file, argv] =
    limitMinutes === undefined
      ? [command, args]
      : ['timeout', ['--kill-after=30s', `${limitMinutes}m`, command, ...args]];
  const result = spawnSync(file, argv, { cwd: root, stdio: 'inherit', ...spawnOptions });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (limitMinutes !== undefined && (result.status === 124 || result.status === 137)) {
    console.error(
      `\n✗ ${command} ${args.join(' ')} did not finish within ${limitMinutes} minutes and was stopped: ` +
        'something is stuck (the last lines above show what finished before it).',
    );
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}) after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${seconds}s`);
}
