import type { HttpClient } from '@blockyard/core';

/** Where the CLI writes. Tests pass a recorder; the bin passes process streams. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The directory relative paths are resolved against. */
  cwd: string;
  /** Reads standard input (for `-`), at most `limit` bytes plus one; absent where there is none. */
  stdin?: (limit: number) => Promise<Uint8Array>;
  /** The raw standard streams, for `debug`, which speaks a protocol over them; absent in most tests. */
  streams?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream };
  /** Network access for the extension commands; the global fetch when absent (tests pass one). */
  http?: HttpClient;
}
