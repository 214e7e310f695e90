import type { CliCommand } from '../program.ts';

/** Every sub-command, in the order `blockyard --help` lists them. */
export const commands: readonly CliCommand[] = [];
