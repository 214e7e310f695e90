// Parsing `blockyard run` options into a headless run script, with messages that say exactly
// which part is wrong and what the right form looks like.
import type { ButtonName, ScriptedPress, ScriptedSetting } from '@blockyard/board-microbit';
import { boardStateKeys } from '@blockyard/board-microbit';

export class RunOptionError extends Error {}

export const MAX_BOARDS = 16;
export const MAX_TIME_MS = 3_600_000;

function wholeNumber(text: string, what: string, example: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new RunOptionError(`${what} must be a whole number of milliseconds, as in ${example}.`);
  return Number(text);
}

export function parseTime(text: string | undefined): number {
  if (text === undefined) return 5000;
  const ms = wholeNumber(text, `--time "${text}"`, '--time 5000');
  if (ms < 1 || ms > MAX_TIME_MS) throw new RunOptionError(`--time must be between 1 and ${MAX_TIME_MS} ms.`);
  return ms;
}

export function parseBoards(text: string | undefined): number {
  if (text === undefined) return 1;
  const n = /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!(n >= 1 && n <= MAX_BOARDS))
    throw new RunOptionError(`--boards must be a whole number from 1 to ${MAX_BOARDS}.`);
  return n;
}

/** Splits `2:rest` into board 2 and `rest`. */
function boardPrefix(item: string, boards: number, option: string): { board: number | undefined; rest: string } {
  const match = /^(\d+):(.*)$/.exec(item);
  if (!match) return { board: undefined, rest: item };
  const board = Number(match[1]);
  if (board < 1 || board > boards) {
    throw new RunOptionError(`${option} "${item}": there is no board ${board} (this run has ${boards}).`);
  }
  return { board, rest: match[2]! };
}

/** `A@500,B@1200,AB@2000`, optionally `2:A@500` for board 2 (default board 1). */
export function parsePresses(text: string | undefined, boards: number): ScriptedPress[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((raw) => raw.trim())
    .filter((raw) => raw.length > 0)
    .map((item) => {
      const { board, rest } = boardPrefix(item, boards, '--press');
      const match = /^(A|B|AB)@(\d+)$/i.exec(rest);
      if (!match) {
        throw new RunOptionError(`--press "${item}" should look like A@500: a button (A, B or AB), @, a time in ms.`);
      }
      const press: ScriptedPress = { button: match[1]!.toUpperCase() as ButtonName, at: Number(match[2]) };
      return board === undefined ? press : { ...press, board };
    });
}

/** `lightLevel=200@100,temperature=30@0`, `@time` optional (0), optionally `2:` for one board. */
export function parseSettings(text: string | undefined, boards: number): ScriptedSetting[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((raw) => raw.trim())
    .filter((raw) => raw.length > 0)
    .map((item) => {
      const { board, rest } = boardPrefix(item, boards, '--set');
      const match = /^([A-Za-z]+)=(-?\d+(?:\.\d+)?)(?:@(\d+))?$/.exec(rest);
      if (!match) {
        throw new RunOptionError(
          `--set "${item}" should look like lightLevel=200@100: a name, =, a number, @, a time in ms.`,
        );
      }
      const key = match[1]!;
      if (!(boardStateKeys as string[]).includes(key)) {
        throw new RunOptionError(`--set "${item}": there is no "${key}". You can set ${boardStateKeys.join(', ')}.`);
      }
      const setting: ScriptedSetting = { key, value: Number(match[2]), at: Number(match[3] ?? 0) };
      return board === undefined ? setting : { ...setting, board };
    });
}
