// Runs a learner program for `blockyard run` where it cannot reach the computer (issue 21).
// A program is a stranger's code: it may come from a .hex someone sent. Three walls, each enough
// on its own for what it covers:
//   1. a separate Node process (sandbox-child.cjs) under the permission model: it may read only
//      its own file (no writes, no other reads, no child processes, no workers, no addons),
//      cannot turn strings into code in any context, has an empty environment, and is killed
//      outright if it outlives its time;
//   2. inside it, a fresh V8 context holding only JavaScript's built-ins and the board (the
//      runtime bundle, sandbox-runner.ts), with string evaluation and WebAssembly off; the
//      program is compiled into that context and only strings cross its edge;
//   3. the compiler, which refuses the escape hatches (language: escape-hatches.ts), and
//      `$h.propertyKey`, which refuses them in keys computed at run time.
// The program's JavaScript is compiled here by our compiler; what comes back is validated as
// untrusted data.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ProgramImage } from '@blockyard/runtime';
import type * as SandboxBuilder from '../../build-sandbox.mjs';
import type {
  SandboxBoardReport,
  SandboxError,
  SandboxJob,
  SandboxReport,
  SandboxRequest,
} from './sandbox-protocol.ts';

export interface SandboxRunOptions extends Omit<SandboxJob, 'positions' | 'hostNames'> {
  program: ProgramImage;
  /** Real milliseconds the run may take; past it the program is interrupted (then killed). */
  timeLimitMs: number;
}

export interface SandboxRunResult {
  report: SandboxReport;
  /** The WAV bytes, when the job asked for audio. */
  audio: Uint8Array | undefined;
}

/** The sandbox could not run the program or gave no usable answer (not a learner's error). */
export class SandboxFailure extends Error {}

/** The most the sandbox may print: a run's serial text and a 10-minute WAV fit well within it. */
const MAX_SANDBOX_OUTPUT_BYTES = 1024 * 1024 * 1024;
/** How long after its time limit a sandbox that has not answered is killed. */
export const KILL_GRACE_MS = 15_000;

const childPath = fileURLToPath(new URL('./sandbox-child.cjs', import.meta.url));

let runnerText: Promise<string> | undefined;

/**
 * The runner bundle: next to the CLI bundle in dist/, or, when running from the sources (tests,
 * tsx), built in memory once per process.
 */
export function sandboxRunnerSource(): Promise<string> {
  runnerText ??= (async () => {
    const bundled = fileURLToPath(new URL('./sandbox-runner.js', import.meta.url));
    if (existsSync(bundled)) return readFile(bundled, 'utf8');
    // A computed specifier: the CLI bundle must not pull the builder (and esbuild) in.
    const builder = new URL('../../build-sandbox.mjs', import.meta.url).href;
    const { buildSandboxRunner } = (await import(builder)) as typeof SandboxBuilder;
    return (await buildSandboxRunner(undefined))!;
  })();
  return runnerText;
}

/** Node's flags for the sandbox process: permission model, no string evaluation, quiet. */
export function sandboxNodeFlags(): string[] {
  return [
    '--experimental-permission',
    `--allow-fs-read=${childPath}`,
    '--disallow-code-generation-from-strings',
    // Lets the child refuse import() with an error of the program's own context (without it,
    // Node rejects with an error object of the child's main context).
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
  ];
}

export async function runInSandbox(options: SandboxRunOptions): Promise<SandboxRunResult> {
  const { program, timeLimitMs, ...script } = options;
  const job: SandboxJob = { ...script, positions: program.positions, hostNames: program.hostNames };
  const request: SandboxRequest = {
    runner: await sandboxRunnerSource(),
    programJs: program.js,
    job: JSON.stringify(job),
    timeLimitMs,
  };
  const output = await runChild(JSON.stringify(request), timeLimitMs);
  return parseOutput(output, options.audio);
}

/** Starts the sandbox process (the permission model and an empty environment; see the top). */
export function spawnSandbox(args: readonly string[] = []) {
  return spawn(process.execPath, [...sandboxNodeFlags(), childPath, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {},
    windowsHide: true,
  });
}

function runChild(input: string, timeLimitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnSandbox();
    const chunks: Buffer[] = [];
    let size = 0;
    let errorText = '';
    let problem: string | undefined;
    const kill = (why: string) => {
      problem ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        kill(
          `The program was still running after ${Math.round((timeLimitMs + KILL_GRACE_MS) / 1000)} s of real time, so it was stopped.`,
        ),
      timeLimitMs + KILL_GRACE_MS,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_SANDBOX_OUTPUT_BYTES) kill('The program produced more output than blockyard run can hold.');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errorText.length < 4096) errorText += chunk.toString('utf8');
    });
    child.stdin.on('error', () => undefined); // the child may end before reading everything
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new SandboxFailure(`could not start the program's sandbox (${error.message}).`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (problem) reject(new SandboxFailure(problem));
      else if (code !== 0) {
        const detail = errorText.trim().split('\n').slice(-1)[0] ?? '';
        reject(
          new SandboxFailure(
            `the program's sandbox stopped unexpectedly (${signal ?? `exit ${code}`})${detail ? `: ${detail}` : ''}.`,
          ),
        );
      } else resolve(Buffer.concat(chunks));
    });
    child.stdin.end(input);
  });
}

function parseOutput(output: Buffer, audio: boolean): SandboxRunResult {
  const newline = output.indexOf(0x0a);
  if (newline < 0) throw new SandboxFailure("the program's sandbox gave no report.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(output.subarray(0, newline).toString('utf8'));
  } catch {
    throw new SandboxFailure("the program's sandbox gave a report that cannot be read.");
  }
  if (isRecord(parsed) && typeof parsed['failure'] === 'string') throw new SandboxFailure(parsed['failure']);
  const report = checkReport(parsed);
  const bytes = output.subarray(newline + 1);
  if (bytes.length !== report.audioBytes)
    throw new SandboxFailure("the program's sandbox sent audio of the wrong size.");
  return { report, audio: audio && bytes.length > 0 ? new Uint8Array(bytes) : undefined };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const invalid = () => new SandboxFailure("the program's sandbox gave a report of the wrong shape.");

/** The report comes from the same process as the program: every field is checked before use. */
export function checkReport(value: unknown): SandboxReport {
  if (!isRecord(value) || !Array.isArray(value['lines']) || !Array.isArray(value['boards'])) throw invalid();
  const lines = value['lines'].map(checkLine);
  const boards = value['boards'].map(checkBoard);
  const audioBytes = value['audioBytes'];
  if (typeof audioBytes !== 'number' || !Number.isInteger(audioBytes) || audioBytes < 0) throw invalid();
  return { lines, boards, audioBytes, ...(value['interrupted'] === true ? { interrupted: true } : {}) };
}

/** One serial line of a report (or of `debug`'s output messages). */
export function checkLine(line: unknown): SandboxReport['lines'][number] {
  if (
    !isRecord(line) ||
    typeof line['time'] !== 'number' ||
    typeof line['board'] !== 'number' ||
    typeof line['text'] !== 'string'
  ) {
    throw invalid();
  }
  return { time: line['time'], board: line['board'], text: line['text'] };
}

function checkBoard(board: unknown): SandboxBoardReport {
  if (
    !isRecord(board) ||
    typeof board['id'] !== 'number' ||
    !Array.isArray(board['leds']) ||
    !board['leds'].every((row) => typeof row === 'string') ||
    typeof board['serialDropped'] !== 'number' ||
    typeof board['serialBufferSize'] !== 'number'
  ) {
    throw invalid();
  }
  const error = board['error'] === undefined ? undefined : checkError(board['error']);
  return {
    id: board['id'],
    leds: board['leds'],
    ...(error ? { error } : {}),
    serialDropped: board['serialDropped'],
    serialBufferSize: board['serialBufferSize'],
  };
}

function checkError(error: unknown): SandboxError {
  if (!isRecord(error) || typeof error['kind'] !== 'string' || typeof error['message'] !== 'string') throw invalid();
  const position = error['position'];
  const checked: SandboxError = { kind: error['kind'] as SandboxError['kind'], message: error['message'] };
  if (position !== undefined) {
    if (
      !isRecord(position) ||
      typeof position['file'] !== 'string' ||
      typeof position['line'] !== 'number' ||
      typeof position['column'] !== 'number'
    ) {
      throw invalid();
    }
    checked.position = { file: position['file'], line: position['line'], column: position['column'] };
  }
  return checked;
}
