// The worker's answers to `service` requests: the language service (built on first use, after the
// compiler is warm) and blocks <-> code. Everything is built lazily and once per worker.

import type ts from 'typescript';
import { microbitLibraryFiles } from '@blockyard/board-microbit';
import {
  type ApiMetadata,
  type BlockRegistry,
  type CompileOptions,
  type CompileResult,
  type Compiler,
  createBlockRegistry,
} from '@blockyard/language';
import { createBlocksService, type BlocksService } from './blocks-service.ts';
import type { EditorDiagnostic, ServiceAnswers, ServiceRequest } from './compiler-protocol.ts';
import { createEditorLanguageService, type EditorLanguageService } from './language-service.ts';

export interface EditorServices {
  answer<R extends ServiceRequest>(request: R): ServiceAnswers[R['op']];
  /** Work a request asks for after its answer is sent (the compile after `toCode`). */
  afterAnswer(request: ServiceRequest): void;
  /** Compiles, or hands over the result compiled ahead for exactly these files. */
  compile(files: Readonly<Record<string, string>>, options?: CompileOptions): CompileResult;
  /** Builds the language service and block registry now (the worker does it when idle). */
  warm(): void;
  /** Milliseconds per step of the last answer or compile (for the editor's timing breakdown). */
  takeTimings(): Record<string, number>;
}

function sameFiles(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name]);
}

export function createEditorServices(
  tsApi: typeof ts,
  compiler: () => Compiler,
  metadata?: ApiMetadata,
  now: () => number = () => performance.now(),
): EditorServices {
  let timings: Record<string, number> = {};
  const record = (prefix: string, steps: Readonly<Record<string, number>> | undefined) => {
    for (const [step, ms] of Object.entries(steps ?? {})) timings[`${prefix}:${step}`] = ms;
  };
  let language: EditorLanguageService | undefined;
  let blocks: BlocksService | undefined;
  let registry: BlockRegistry | undefined;
  /** One result compiled ahead (after toCode), for the compile request expected next. */
  let ahead: { files: Readonly<Record<string, string>>; result: CompileResult } | undefined;
  let lastCode: string | undefined;
  const getRegistry = () =>
    (registry ??= metadata
      ? createBlockRegistry({ metadata })
      : createBlockRegistry({ ts: tsApi, library: microbitLibraryFiles }));
  const getLanguage = () => (language ??= createEditorLanguageService(tsApi, compiler()));
  const getBlocks = () => (blocks ??= createBlocksService(tsApi, compiler(), getRegistry));

  const diagnostics = (files: Record<string, string>, file: string): EditorDiagnostic[] => {
    const text = files[file] ?? '';
    const starts = lineStarts(text);
    return compiler()
      .compile(files)
      .diagnostics.filter((d) => d.file === file)
      .map((d) => {
        const from = Math.min(text.length, (starts[d.line - 1] ?? text.length) + d.column - 1);
        return {
          from,
          to: Math.min(text.length, from + Math.max(0, d.length)),
          line: d.line,
          column: d.column,
          message: d.message,
          code: d.code,
          severity: d.category === 'error' ? 'error' : 'warning',
        };
      });
  };

  const answer = (request: ServiceRequest): ServiceAnswers[ServiceRequest['op']] => {
    switch (request.op) {
      case 'completions':
        return getLanguage().completions(request.files, request.file, request.offset);
      case 'completionDetails':
        return getLanguage().completionDetails(request.files, request.file, request.offset, request.name);
      case 'quickInfo':
        return getLanguage().quickInfo(request.files, request.file, request.offset);
      case 'signatureHelp':
        return getLanguage().signatureHelp(request.files, request.file, request.offset);
      case 'format':
        return getLanguage().format(request.files, request.file);
      case 'diagnostics':
        return diagnostics(request.files, request.file);
      case 'toBlocks':
        return getBlocks().toBlocks(request.files, request.previousXml);
      case 'toCode': {
        const answer = getBlocks().toCode(request.xml, (step, ms) => (timings[`toCode:${step}`] = ms));
        lastCode = answer.code;
        return answer;
      }
    }
  };

  return {
    answer: answer as EditorServices['answer'],
    afterAnswer(request) {
      if (request.op !== 'toCode' || !request.compileWith || lastCode === undefined) return;
      const files = { ...request.compileWith, 'main.ts': lastCode };
      ahead = { files, result: compiler().compile(files, { now }) };
    },
    compile(files, options) {
      const ready = ahead;
      ahead = undefined;
      if (ready && !options?.debug && sameFiles(ready.files, files)) {
        record('ahead', ready.result.timings);
        return withoutTimings(ready.result);
      }
      const result = compiler().compile(files, { ...options, now });
      record('compile', result.timings);
      return withoutTimings(result);
    },
    takeTimings() {
      const taken = timings;
      timings = {};
      return taken;
    },
    warm() {
      getRegistry();
      getLanguage().completions({ 'main.ts': 'basic.' }, 'main.ts', 6);
    },
  };
}

/** The result as the editor gets it (timings travel next to it). */
function withoutTimings(result: CompileResult): CompileResult {
  if (!result.timings) return result;
  const { timings: _timings, ...rest } = result;
  return rest;
}

/** Offsets where each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
