// How the runtime side of the API is organised: one module per namespace file in api/, each
// returning the host objects for one board. The board merges them into the program's `$api`.

import { valueText } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';

export interface NamespaceModule {
  /** The top-level names the module provides (`basic`, or `pause` for a global function). */
  readonly names: readonly string[];
  /** Builds the host objects for `board`, keyed by those names. */
  create(board: BoardHost): Record<string, unknown>;
}

/** A number argument as the device sees it: whole, with NaN/undefined as `fallback`. */
export function toInt(value: unknown, fallback = 0): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? n : fallback;
}

/** Any value as the device would print it (null and undefined print as their names). */
export function toText(value: unknown): string {
  return valueText(value);
}
