// Type-checks every project of the repository with `tsc -b tsconfig.all.json`: each package's
// sources (pure ones without DOM or Node types, in tsconfig.src.json), its tests, the apps, e2e,
// bench and scripts, as TypeScript project references that follow the import direction of
// docs/ARCHITECTURE.md. A project is checked after those it references, against their
// declarations, so a second run re-checks only the projects whose files changed and those whose
// references' declarations changed. Declarations and build info go to .cache/tsc (git-ignored;
// a clean clone, as CI has, checks everything once). The cache lives with the sources it
// describes, not in node_modules: a node_modules copied or hard-linked between checkouts would
// share one cache between different sources.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './run.mjs';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const extra = process.argv.slice(2); // e.g. --verbose, --force
const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.all.json', '--pretty', ...extra], {
  cwd: root,
  stdio: 'inherit',
});
if (result.status !== 0) {
  console.error('Type errors: see above.');
  process.exit(result.status ?? 1);
}
console.log('✓ every project type-checks');
