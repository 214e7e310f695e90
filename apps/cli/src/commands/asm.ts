// `blockyard asm file.s -o out.bin`: assembles Thumb assembly (GNU as syntax, unified) for the
// micro:bit V1 (Cortex-M0, v6m) or V2 (Cortex-M4, v7m) into a flat binary. Errors are printed
// as `file:line:col message`; `--listing` prints (or writes) addresses and bytes per line.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MAX_SOURCE_CHARS, assemble, formatListing, type Cpu } from '@blockyard/native';
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { writeFileNoFollow } from '../safe-files.ts';

interface AsmOptions {
  output: string;
  cpu: string;
  origin?: string;
  listing?: string | boolean;
  inline?: boolean;
  defsym?: string[];
}

/** Exit codes: 0 assembled, 1 the program or an option is wrong, 2 a file could not be written. */
const ASM_EXIT = { ok: 0, badInput: 1, writeFailed: 2 } as const;

function parseNumber(text: string): number | undefined {
  const t = text.trim();
  if (!/^(0x[0-9a-f]+|[0-9]+)$/i.test(t)) return undefined;
  const value = Number(t);
  return Number.isSafeInteger(value) && value <= 0xffffffff ? value : undefined;
}

async function runAsm(file: string, options: AsmOptions, io: CliIo): Promise<number> {
  const fail = (message: string) => {
    io.stderr(`error: ${message}\n`);
    return ASM_EXIT.badInput;
  };
  if (options.cpu !== 'v6m' && options.cpu !== 'v7m') {
    return fail(`--cpu takes v6m (micro:bit V1, Cortex-M0) or v7m (micro:bit V2, Cortex-M4), not "${options.cpu}".`);
  }
  const cpu: Cpu = options.cpu;
  let origin = 0;
  if (options.origin !== undefined) {
    const value = parseNumber(options.origin);
    if (value === undefined || value % 4 !== 0) {
      return fail(`--origin takes an address that is a multiple of 4, such as 0x35400, not "${options.origin}".`);
    }
    origin = value;
  }
  const symbols: Record<string, number> = {};
  for (const definition of options.defsym ?? []) {
    const match = /^([A-Za-z_.$][\w.$]*)=(.+)$/.exec(definition);
    const value = match === null ? undefined : parseNumber(match[2]!);
    if (match === null || value === undefined) {
      return fail(`--defsym takes name=value, such as --defsym panic=0x3d01, not "${definition}".`);
    }
    symbols[match[1]!] = value;
  }

  const path = resolve(io.cwd, file);
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) return fail(`${file} is not a file.`);
    if (info.size > MAX_SOURCE_CHARS) return fail(`${file} is too large (${info.size} bytes) to be an assembly file.`);
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fail(`cannot find ${file}.`);
    return fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const result = assemble(text, { cpu, origin, inline: options.inline === true, symbols });
  for (const error of result.errors) io.stderr(`${file}:${error.line}:${error.column} ${error.message}\n`);
  if (result.stoppedEarly)
    io.stderr(`${file}: stopped after ${result.errors.length} errors; fix these and try again.\n`);
  if (!result.ok) return ASM_EXIT.badInput;

  const outPath = resolve(io.cwd, options.output);
  try {
    // Never through a link (safe-files.ts); the folder must already exist.
    await writeFileNoFollow(outPath, result.bytes);
    if (typeof options.listing === 'string')
      await writeFileNoFollow(resolve(io.cwd, options.listing), new TextEncoder().encode(formatListing(result)));
  } catch (error) {
    io.stderr(`error: could not write: ${error instanceof Error ? error.message : String(error)}\n`);
    return ASM_EXIT.writeFailed;
  }
  if (options.listing === true) io.stdout(formatListing(result));
  io.stdout(
    `Wrote ${options.output} (${result.bytes.length} bytes of ${cpu === 'v6m' ? 'Cortex-M0' : 'Cortex-M4'} code at 0x${origin.toString(16)}).\n`,
  );
  return ASM_EXIT.ok;
}

export const asmCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('asm')
      .description('Assemble Thumb assembly (GNU as syntax) into a flat binary for the micro:bit.')
      .argument('<file>', 'the .s file')
      .requiredOption('-o, --output <file>', 'the binary to write')
      .option('--cpu <core>', 'v6m (micro:bit V1, Cortex-M0) or v7m (V2, Cortex-M4)', 'v6m')
      .option('--origin <address>', 'the address of the first byte, such as 0x35400', '0')
      .option('--listing [file]', 'print the listing (addresses and bytes per line), or write it to a file')
      .option('--inline', 'MakeCode inline-assembly rules: labels starting with _ are reserved, the stack is checked')
      .option('--defsym <name=value...>', 'define symbols such as runtime entry points')
      .action(async (file: string, options: AsmOptions) => {
        setExitCode(await runAsm(file, options, io));
      });
  },
};
