// The program worker's script is evaluated again on every restart (each program is its own
// worker): it must hold only what running a program needs, not the compiler (the Python parser,
// the XML reader, the blocks) nor project code (semver), which doubled it (issue 12 item 4).
import { build } from 'esbuild';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..', '..');

describe('the program worker bundle', () => {
  it('leaves out the compiler, the Python parser, the XML reader and semver', async () => {
    const result = await build({
      entryPoints: [join(repo, 'apps/web/src/sim/program.worker.ts')],
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      format: 'iife',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    const unwanted = inputs.filter((path) =>
      /node_modules\/(@lezer|@xmldom|semver|typescript)\/|packages\/language\/|packages\/core\/src\/project\//.test(
        path,
      ),
    );
    expect(unwanted).toEqual([]);
    // The runtime, the board and the worker body are there.
    expect(inputs.some((path) => path.includes('packages/boards/microbit/src/board/board.ts'))).toBe(true);
    expect(inputs.some((path) => path.includes('packages/sim/src/frame/worker/program-worker-main.ts'))).toBe(true);
    const bytes = result.outputFiles[0]!.contents.length;
    expect(bytes).toBeLessThan(250_000);
  }, 60_000);
});
