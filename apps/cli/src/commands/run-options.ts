// Parsing `blockyard run` options into a headless run script, with messages that say exactly
// which part is wrong and what the right form looks like.
import type {
  ButtonName,
  ScriptedPress,
  ScriptedSerialInput,
  ScriptedSetting,
  TouchTargetName,
} from '@blockyard/board-microbit';
import { boardStateKeys, checkBoardState, gestureNames } from '@blockyard/board-microbit';

export class RunOptionError extends Error {}

const MAX_BOARDS = 16;
const MAX_TIME_MS = 3_600_000;

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

/**
 * `A@500,B@1200,AB@2000`, optionally `2:A@500` for board 2 (default board 1). Touch targets
 * (P0, P1, P2, LOGO) are touched the same way: `P0@500`.
 */
export function parsePresses(text: string | undefined, boards: number): ScriptedPress[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((raw) => raw.trim())
    .filter((raw) => raw.length > 0)
    .map((item) => {
      const { board, rest } = boardPrefix(item, boards, '--press');
      const match = /^(A|B|AB|P0|P1|P2|LOGO)@(\d+)$/i.exec(rest);
      if (!match) {
        throw new RunOptionError(
          `--press "${item}" should look like A@500: a button (A, B or AB) or a touch (P0, P1, P2 or LOGO), @, a time in ms.`,
        );
      }
      const target = match[1]!.toUpperCase() as ButtonName | TouchTargetName;
      const press: ScriptedPress = { button: target, at: Number(match[2]) };
      return board === undefined ? press : { ...press, board };
    });
}

/** The names `--set` takes, with the 19 pin keys shortened to a range. */
function settableNames(): string {
  return [...boardStateKeys.filter((key) => !key.startsWith('pinP')), 'pinP0 to pinP20'].join(', ');
}

/** A setting's value: a number, or for `gesture` also a name (`shake`, `logoUp`, `3g`…). */
function settingValue(key: string, text: string, item: string): number {
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (key === 'gesture') {
    const byName = Object.entries(gestureNames).find(([name]) => name.toLowerCase() === text.toLowerCase());
    if (byName) return byName[1];
    throw new RunOptionError(
      `--set "${item}": there is no gesture "${text}". Gestures: ${Object.keys(gestureNames).join(', ')}.`,
    );
  }
  throw new RunOptionError(`--set "${item}": the value of ${key} must be a number.`);
}

/**
 * `lightLevel=200@100,temperature=30@0,gesture=shake@1000,touchP0=1@500`, `@time` optional (0),
 * optionally `2:` for one board. Names are the board's state keys (see `settableNames`).
 */
export function parseSettings(text: string | undefined, boards: number): ScriptedSetting[] {
  if (text === undefined) return [];
  return text
    .split(',')
    .map((raw) => raw.trim())
    .filter((raw) => raw.length > 0)
    .map((item) => {
      const { board, rest } = boardPrefix(item, boards, '--set');
      const match = /^([A-Za-z][A-Za-z0-9]*)=([^@=]+)(?:@(\d+))?$/.exec(rest);
      if (!match) {
        throw new RunOptionError(
          `--set "${item}" should look like lightLevel=200@100: a name, =, a number, @, a time in ms.`,
        );
      }
      const key = match[1]!;
      if (!(boardStateKeys as readonly string[]).includes(key)) {
        throw new RunOptionError(`--set "${item}": there is no "${key}". You can set ${settableNames()}.`);
      }
      const value = settingValue(key, match[2]!.trim(), item);
      try {
        checkBoardState(key, value);
      } catch (error) {
        throw new RunOptionError(`--set "${item}": ${error instanceof Error ? error.message : String(error)}`);
      }
      const setting: ScriptedSetting = { key, value, at: Number(match[3] ?? 0) };
      return board === undefined ? setting : { ...setting, board };
    });
}

/** Longest run `--audio` records: 10 minutes of 44.1 kHz audio is about 50 MB of WAV. */
const MAX_AUDIO_MS = 600_000;

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', ',': ',', '@': '@', '\\': '\\' };

/** Splits at unescaped commas, keeping the escapes for the item parser. */
function splitItems(text: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === ',') {
      items.push(current);
      current = '';
    } else current += c;
  }
  items.push(current);
  return items.filter((item) => item.trim().length > 0);
}

/**
 * `hello@500,2:world@900`: each item is a line the computer sends (a new line is added), at a
 * time in ms (default 0), to board 1 unless prefixed. `\,` `\@` `\n` `\t` `\r` `\\` are escapes.
 */
export function parseSerialInput(text: string | undefined, boards: number): ScriptedSerialInput[] {
  if (text === undefined) return [];
  return splitItems(text).map((item) => {
    const { board, rest } = boardPrefix(item, boards, '--serial');
    let line = '';
    let at: number | undefined;
    for (let i = 0; i < rest.length; i++) {
      const c = rest[i]!;
      if (c === '\\' && i + 1 < rest.length) {
        const escaped = ESCAPES[rest[i + 1]!];
        if (escaped === undefined) {
          throw new RunOptionError(`--serial "${item}": "\\${rest[i + 1]}" means nothing; use \\n, \\t, \\, or \\@.`);
        }
        line += escaped;
        i++;
      } else if (c === '@') {
        const time = rest.slice(i + 1);
        if (!/^\d+$/.test(time)) {
          throw new RunOptionError(
            `--serial "${item}" should look like hello@500: the text, @, a time in ms (write \\@ for an @ in the text).`,
          );
        }
        at = Number(time);
        break;
      } else line += c;
    }
    const input: ScriptedSerialInput = { text: `${line}\n`, at: at ?? 0 };
    return board === undefined ? input : { ...input, board };
  });
}

/** `--audio` only for runs it can hold. */
export function checkAudioTime(timeMs: number): void {
  if (timeMs > MAX_AUDIO_MS) {
    throw new RunOptionError(`--audio records at most ${MAX_AUDIO_MS} ms (10 minutes); use a shorter --time.`);
  }
}

/** Real time a run may take by default: its virtual --time plus this much. */
const TIME_LIMIT_MARGIN_MS = 20_000;
const MAX_TIMEOUT_S = 7200;

/**
 * `--timeout S`: real seconds before the run is stopped, however the program spins. By default
 * the virtual time plus 20 s: ordinary runs (even 16 busy boards) take far less.
 */
export function parseTimeout(text: string | undefined, timeMs: number): number {
  if (text === undefined) return timeMs + TIME_LIMIT_MARGIN_MS;
  if (!/^\d+(?:\.\d+)?$/.test(text.trim())) {
    throw new RunOptionError(`--timeout "${text}" must be a number of seconds of real time, as in --timeout 30.`);
  }
  const seconds = Number(text);
  if (!(seconds > 0 && seconds <= MAX_TIMEOUT_S)) {
    throw new RunOptionError(`--timeout must be more than 0 and at most ${MAX_TIMEOUT_S} seconds.`);
  }
  return Math.round(seconds * 1000);
}
