import type { CliCommand } from '../program.ts';
import { soundCommand } from './sound.ts';

/** Every sub-command, in the order `blockyard --help` lists them. */
export const commands: readonly CliCommand[] = [soundCommand];
