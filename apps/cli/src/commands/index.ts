import type { CliCommand } from '../program.ts';
import { packCommand } from './pack.ts';
import { soundCommand } from './sound.ts';
import { unpackCommand } from './unpack.ts';

/** Every sub-command, in the order `blockyard --help` lists them. */
export const commands: readonly CliCommand[] = [soundCommand, packCommand, unpackCommand];
