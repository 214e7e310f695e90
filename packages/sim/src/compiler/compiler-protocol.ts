// Messages between the editor and the compiler worker. Requests carry the learner's files;
// replies carry the compiler's CompileResult unchanged (plain data, structured-clone safe; see
// docs/ARCHITECTURE.md "Programs: compiler and runtime").

import type { CompileResult } from '@blockyard/language';

export interface CompileOptions {
  debug?: boolean;
}

export type CompilerRequest =
  /** Load TypeScript and parse the library now, so the first real compile is warm. */
  { type: 'warm' } | { type: 'compile'; id: number; files: Record<string, string>; options?: CompileOptions };

export type CompilerResponse =
  | { type: 'warmed'; ms: number }
  | { type: 'result'; id: number; result: CompileResult; ms: number }
  | { type: 'failed'; id: number; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseCompilerRequest(data: unknown): CompilerRequest | undefined {
  if (!isRecord(data)) return undefined;
  if (data.type === 'warm') return { type: 'warm' };
  if (data.type !== 'compile' || typeof data.id !== 'number' || !isRecord(data.files)) return undefined;
  const files: Record<string, string> = {};
  for (const [name, text] of Object.entries(data.files)) {
    if (typeof text !== 'string') return undefined;
    files[name] = text;
  }
  const debug = isRecord(data.options) && data.options.debug === true;
  return { type: 'compile', id: data.id, files, ...(debug ? { options: { debug } } : {}) };
}

export function parseCompilerResponse(data: unknown): CompilerResponse | undefined {
  if (!isRecord(data)) return undefined;
  if (data.type === 'warmed' && typeof data.ms === 'number') return { type: 'warmed', ms: data.ms };
  if (typeof data.id !== 'number') return undefined;
  if (data.type === 'failed' && typeof data.message === 'string')
    return { type: 'failed', id: data.id, message: data.message };
  if (
    data.type === 'result' &&
    isRecord(data.result) &&
    Array.isArray(data.result.diagnostics) &&
    typeof data.ms === 'number'
  ) {
    return { type: 'result', id: data.id, result: data.result as unknown as CompileResult, ms: data.ms };
  }
  return undefined;
}
