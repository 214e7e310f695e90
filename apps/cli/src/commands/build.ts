// `blockyard build <project-dir|main.ts|main.py> -o out.hex [--variant v1|v2|universal] [--asm]`: compiles
// the program to Thumb code with the native back end and links it with the micro:bit firmware
// (pxt-microbit's images in node_modules) into a .hex a board runs, the project's source
// embedded. `--asm` also writes the assembly next to the output (out.asm).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import {
  compileForDevice,
  FirmwareStore,
  linkVariant,
  ProgramTooBigError,
  projectSource,
  writeUniversalHex,
  writeVariantHex,
  type FirmwareLoader,
  type LinkedVariant,
} from '@blockyard/native';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { loadTypeScript } from '../typescript.ts';
import { formatForUser } from './compile.ts';
import { ProgramFilesError, readProgramFiles } from './program-files.ts';
import { microbitPythonNames } from './python-files.ts';
import { pythonTwins } from './python-twins.ts';
import { readProjectDir, reportError, writeFileSafely } from './project-dir.ts';

interface BuildOptions {
  output: string;
  variant: string;
  asm?: boolean;
}

/** Exit codes: 0 written, 1 the program or an option is wrong (or too big), 2 a file could not be written. */
const BUILD_EXIT = { ok: 0, badInput: 1, writeFailed: 2 } as const;

/** pxt-microbit's firmware images as npm installed them (never committed, never downloaded). */
const nodeFirmwareLoader: FirmwareLoader = {
  load: async (fileName) => {
    const root = dirname(createRequire(import.meta.url).resolve('pxt-microbit/package.json'));
    return new Uint8Array(await readFile(join(root, 'built', 'hexcache', fileName)));
  },
};

function sizeLine(linked: LinkedVariant): string {
  const board = linked.variant === 'v1' ? 'V1' : 'V2';
  return `${board}: ${linked.size.toLocaleString('en')} bytes of ${linked.room.toLocaleString('en')}`;
}

async function runBuild(pathArg: string, options: BuildOptions, io: CliIo): Promise<number> {
  const fail = (message: string) => {
    io.stderr(`error: ${message}\n`);
    return BUILD_EXIT.badInput;
  };
  const variant = options.variant;
  if (variant !== 'v1' && variant !== 'v2' && variant !== 'universal') {
    return fail(`--variant takes v1, v2 or universal (both boards in one file), not "${variant}".`);
  }
  let program;
  try {
    program = await readProgramFiles(pathArg, io.cwd, io.http ? { http: io.http } : {});
  } catch (error) {
    if (!(error instanceof ProgramFilesError)) throw error;
    return fail(error.message);
  }
  const path = resolve(io.cwd, pathArg);
  const isProject = !/\.(ts|py)$/.test(path);
  const name = isProject ? basename(path) : basename(path).replace(/\.(ts|py)$/, '');
  // Python goes to the board as its TypeScript twin; problems are shown on the Python.
  const python = Object.keys(program.files).some((file) => file.endsWith('.py'))
    ? pythonTwins(microbitPythonNames(), program.files)
    : undefined;
  let embedded: Record<string, string>;
  try {
    embedded = isProject
      ? { ...(await readProjectDir(path)) }
      : python
        ? {
            'pxt.json': JSON.stringify(
              {
                name,
                dependencies: { core: '*', radio: '*' },
                files: ['main.ts', 'main.py'],
                preferredEditor: 'pyprj',
              },
              null,
              4,
            ),
            'main.ts': python.files['main.ts'] ?? '',
            'main.py': program.files['main.py'] ?? '',
          }
        : {
            'pxt.json': JSON.stringify({ name, dependencies: { core: '*', radio: '*' }, files: ['main.ts'] }, null, 4),
            'main.ts': program.files['main.ts'] ?? '',
          };
  } catch (error) {
    reportError(error, io.stderr);
    return BUILD_EXIT.badInput;
  }

  if (python?.problems.length) {
    for (const diagnostic of python.problems) io.stdout(`${formatForUser(diagnostic, program.shownAs)}\n`);
    return BUILD_EXIT.badInput;
  }
  const compiled = compileForDevice(createMicrobitCompiler(loadTypeScript()), python?.files ?? program.files, { name });
  const diagnostics = python ? python.located(compiled.diagnostics) : compiled.diagnostics;
  for (const diagnostic of diagnostics) io.stdout(`${formatForUser(diagnostic, program.shownAs)}\n`);
  if (!compiled.object) return BUILD_EXIT.badInput;

  const store = new FirmwareStore(nodeFirmwareLoader);
  const source = projectSource(embedded);
  let text: string;
  let sizes: string;
  try {
    const v1 = variant === 'v2' ? undefined : linkVariant(await store.get('v1'), compiled.object);
    const v2 = variant === 'v1' ? undefined : linkVariant(await store.get('v2'), compiled.object);
    text = v1 && v2 ? writeUniversalHex(v1, v2, source) : writeVariantHex((v1 ?? v2)!, source);
    sizes = [v1, v2].flatMap((linked) => (linked ? [sizeLine(linked)] : [])).join(', ');
  } catch (error) {
    if (error instanceof ProgramTooBigError) return fail(error.message);
    reportError(error, io.stderr);
    return BUILD_EXIT.badInput;
  }

  const output = resolve(io.cwd, options.output);
  try {
    await writeFileSafely(output, new TextEncoder().encode(text));
    if (options.asm)
      await writeFileSafely(output.replace(/(\.[^./\\]*)?$/, '.asm'), new TextEncoder().encode(compiled.assembly));
  } catch (error) {
    io.stderr(`error: could not write: ${error instanceof Error ? error.message : String(error)}\n`);
    return BUILD_EXIT.writeFailed;
  }
  io.stdout(
    `Wrote ${options.output} (${variant === 'universal' ? 'both boards' : variant.toUpperCase()}; program ${sizes}).\n`,
  );
  return BUILD_EXIT.ok;
}

export const buildCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('build')
      .description('Compile a program for the micro:bit itself: a .hex to copy onto the board.')
      .argument('<path>', 'a .ts or .py file, or a project folder with pxt.json and main.ts (or main.py)')
      .requiredOption('-o, --output <file>', 'the .hex to write')
      .option('--variant <board>', 'v1, v2 or universal (one file for both boards)', 'universal')
      .option('--asm', 'also write the assembly listing next to the output (.asm)')
      .action(async (pathArg: string, options: BuildOptions) => {
        setExitCode(await runBuild(pathArg, options, io));
      });
  },
};
