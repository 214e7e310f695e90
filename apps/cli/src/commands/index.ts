import type { CliCommand } from '../program.ts';
import { asmCommand } from './asm.ts';
import { blocksToTypeScriptCommand } from './blocks2ts.ts';
import { buildCommand } from './build.ts';
import { compileCommand } from './compile.ts';
import { debugCommand } from './debug.ts';
import { decompileCommand } from './decompile.ts';
import { addCommand, searchExtensionsCommand } from './extensions.ts';
import { flashCommand } from './flash.ts';
import { packCommand } from './pack.ts';
import { pythonToTypeScriptCommand } from './py2ts.ts';
import { runCommand } from './run.ts';
import { soundCommand } from './sound.ts';
import { tutorialCommand } from './tutorial.ts';
import { typeScriptToPythonCommand } from './ts2py.ts';
import { unpackCommand } from './unpack.ts';

/** Every sub-command, in the order `blockyard --help` lists them. */
export const commands: readonly CliCommand[] = [
  compileCommand,
  runCommand,
  debugCommand,
  buildCommand,
  flashCommand,
  soundCommand,
  packCommand,
  unpackCommand,
  decompileCommand,
  blocksToTypeScriptCommand,
  pythonToTypeScriptCommand,
  typeScriptToPythonCommand,
  asmCommand,
  tutorialCommand,
  addCommand,
  searchExtensionsCommand,
];
