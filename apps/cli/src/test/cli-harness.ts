// Test helpers: run the CLI in-process in a temporary folder and collect what it prints.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../main.ts';

/** A fresh temporary folder holding `files` (name -> text; names may contain folders). */
export function tempWorkspace(prefix: string, files: Readonly<Record<string, string>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `blockyard-${prefix}-`));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

/** Runs `blockyard <args>` in `cwd`: the exit code and everything written to stdout and stderr. */
export async function runCli(
  args: string[],
  cwd: string,
  stdin?: (limit: number) => Promise<Uint8Array>,
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd };
  const code = await main(args, stdin ? { ...io, stdin } : io);
  return { code, out: out.join(''), err: err.join('') };
}
