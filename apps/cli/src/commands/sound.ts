// `blockyard sound "<expression>" -o out.wav`: renders a sound expression (or a built-in effect
// such as `giggle`) with the same engine the simulator uses, into a mono 16-bit 44.1 kHz WAV.
import { resolve } from 'node:path';
import {
  BUILT_IN_SOUND_EFFECT_NAMES,
  OfflineRenderer,
  SoundEngine,
  encodeWav,
  seededRandom,
  type RandomSource,
} from '@blockyard/sound';
import type { CliIo } from '../cli-io.ts';
import { writeFileNoFollow } from '../safe-files.ts';
import type { CliCommand } from '../program.ts';

interface SoundOptions {
  output: string;
  seed?: string;
}

/** Exit codes: 0 written, 1 the expression or an option is wrong, 2 the file could not be written. */
const SOUND_EXIT = { ok: 0, badInput: 1, writeFailed: 2 } as const;

async function runSound(expression: string, options: SoundOptions, io: CliIo): Promise<number> {
  let random: RandomSource = Math.random;
  if (options.seed !== undefined) {
    const seed = Number(options.seed);
    if (!Number.isInteger(seed)) {
      io.stderr(`error: --seed takes a whole number, not "${options.seed}".\n`);
      return SOUND_EXIT.badInput;
    }
    random = seededRandom(seed);
  }
  const engine = new SoundEngine({ random });
  const played = engine.playExpression(expression.trim());
  if (!played.ok) {
    io.stderr(
      `error: "${shorten(expression)}" is not a sound expression. ${played.error.message}\n` +
        `A sound expression is one or more 72-digit sounds separated by commas, or one of the built-in ` +
        `effects: ${BUILT_IN_SOUND_EFFECT_NAMES.join(', ')}.\n`,
    );
    return SOUND_EXIT.badInput;
  }
  const renderer = new OfflineRenderer(engine);
  renderer.advanceToSample(played.handle.startSample + played.handle.samples);
  const samples = renderer.samples();
  const path = resolve(io.cwd, options.output);
  try {
    // Never through a link; the folder must already exist.
    await writeFileNoFollow(path, encodeWav(samples, engine.sampleRate));
  } catch (error) {
    io.stderr(`error: could not write ${path}: ${error instanceof Error ? error.message : String(error)}\n`);
    return SOUND_EXIT.writeFailed;
  }
  const seconds = samples.length / engine.sampleRate;
  io.stdout(`Wrote ${path} (${seconds.toFixed(3)} s, mono, 16-bit, ${engine.sampleRate} Hz).\n`);
  return SOUND_EXIT.ok;
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

export const soundCommand: CliCommand = {
  register(program, io, setExitCode) {
    program
      .command('sound')
      .description('Render a sound expression, or a built-in effect such as giggle, to a WAV file.')
      .argument('<expression>', '72-digit sounds separated by commas, or a built-in effect name')
      .requiredOption('-o, --output <file>', 'the WAV file to write (mono, 16-bit, 44,100 Hz)')
      .option('--seed <number>', 'seed for the randomness fields, for a repeatable file')
      .action(async (expression: string, options: SoundOptions) => {
        setExitCode(await runSound(expression, options, io));
      });
  },
};
