import { describe, expect, it } from 'vitest';
import { CompilerClient, type CompilerWorkerPort } from './compiler-client.ts';
import {
  MAX_FILES,
  MAX_TEXT,
  checkCompilerRequest,
  checkCompilerResponse,
  checkServiceRequest,
} from './compiler-protocol-schema.ts';
import type { CompilerResponse } from './compiler-protocol.ts';
import { startCompilerWorker } from './compiler-worker-main.ts';

const files = { 'main.ts': 'basic.pause(1)' };
const edit = { op: 'edit', from: 'blocks', text: '<xml></xml>', files, build: 'run' };

describe('requests to the compiler worker', () => {
  it.each([
    [{ type: 'warm' }],
    [{ type: 'compile', id: 1, files }],
    [{ type: 'compile', id: 1, files, options: { debug: true } }],
    [{ type: 'device', id: 2, files, project: files, name: 'p', editorUrl: 'https://x' }],
    [{ type: 'service', id: 3, request: { op: 'completions', files, file: 'main.ts', offset: 0 } }],
    [{ type: 'service', id: 3, request: { op: 'completionDetails', files, file: 'main.ts', offset: 6, name: 'n' } }],
    [{ type: 'service', id: 3, request: { op: 'format', files, file: 'main.ts' } }],
    [{ type: 'service', id: 3, request: { op: 'toBlocks', files, previousXml: '<xml/>' } }],
    [{ type: 'service', id: 3, request: { op: 'toCode', xml: '<xml/>' } }],
    [{ type: 'service', id: 3, request: { ...edit, debug: true, unlessCode: 'x' } }],
    [{ type: 'service', id: 3, request: { op: 'fromPython', python: 'pass', files } }],
    [{ type: 'service', id: 3, request: { op: 'toPython', code: '' } }],
    [{ type: 'service', id: 3, request: { op: 'extensions', files: {} } }],
    [{ type: 'service', id: 3, request: { op: 'readExtensionsPython', files: {}, code: ['a()'] } }],
  ])('takes %j as it is', (message) => {
    expect(checkCompilerRequest(message)).toEqual({ ok: true, message });
  });

  it('keeps only the known fields, as a fresh copy', () => {
    const request = { ...edit, extra: 'dropped', files: { ...files } };
    const checked = checkServiceRequest(request);
    expect(checked).toEqual({ ok: true, message: edit });
    if (checked.ok) expect((checked.message as { files: unknown }).files).not.toBe(request.files);
    expect(checkServiceRequest({ op: 'toCode', xml: '<xml/>', compileWith: {} })).toEqual({
      ok: true,
      message: { op: 'toCode', xml: '<xml/>' },
    });
  });

  const manyFiles = Object.fromEntries(Array.from({ length: MAX_FILES + 1 }, (_, i) => [`f${i}.ts`, '']));
  it.each([
    [null, undefined, 'Expected Object'],
    [{ type: 'launch', id: 1 }, 1, 'type: Invalid type'],
    [{ type: 'compile', files }, undefined, 'id: Invalid key: Expected "id"'],
    [{ type: 'compile', id: 1.5, files }, undefined, 'id: Invalid integer'],
    [{ type: 'compile', id: 1, files: { 'main.ts': 3 } }, 1, 'files.main.ts: Invalid type: Expected string'],
    [{ type: 'compile', id: 1, files: [] }, 1, 'files: Invalid type: Expected Object'],
    [{ type: 'compile', id: 1, files: manyFiles }, 1, `files: too many files (at most ${MAX_FILES})`],
    [{ type: 'compile', id: 1, files: { 'main.ts': 'x'.repeat(MAX_TEXT + 1) } }, 1, 'files.main.ts: Invalid length'],
    [{ type: 'compile', id: 1, files, options: { debug: 'yes' } }, 1, 'options.debug: Invalid type'],
    [{ type: 'device', id: 2, files, name: 'p' }, 2, 'project: Invalid key'],
    [{ type: 'service', id: 3, request: { op: 'nope' } }, 3, 'request.op: Invalid type'],
    [{ type: 'service', id: 3, request: { op: 'completions', files, file: 'm' } }, 3, 'request.offset: Invalid key'],
    [
      { type: 'service', id: 3, request: { op: 'quickInfo', files, file: 'm', offset: -1 } },
      3,
      'request.offset: Invalid value',
    ],
    [{ type: 'service', id: 3, request: { ...edit, from: 'javascript' } }, 3, 'request.from: Invalid type'],
    [{ type: 'service', id: 3, request: { ...edit, build: 'later' } }, 3, 'request.build: Invalid type'],
    [{ type: 'service', id: 3, request: { ...edit, text: 1 } }, 3, 'request.text: Invalid type'],
    [{ type: 'service', id: 3, request: { ...edit, unlessCode: null } }, 3, 'request.unlessCode: Invalid type'],
    [
      { type: 'service', id: 3, request: { op: 'readExtensionsPython', files, code: 'a()' } },
      3,
      'request.code: Invalid type',
    ],
    [
      { type: 'service', id: 3, request: { op: 'readExtensionsPython', files, code: ['a', 3] } },
      3,
      'request.code.1: Invalid type',
    ],
  ])('refuses %j (id %s) with "%s"', (message, id, error) => {
    const checked = checkCompilerRequest(message);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error).toContain(error);
    expect(checked.id).toBe(id);
  });

  it('answers a bad request that has an id with `failed`, and keeps working', () => {
    const replies: CompilerResponse[] = [];
    const listeners: ((event: { data: unknown }) => void)[] = [];
    startCompilerWorker(
      { postMessage: (m) => replies.push(m), addEventListener: (_t, l) => listeners.push(l) },
      {} as never, // never reached: no request here needs TypeScript
    );
    listeners[0]?.({ data: { type: 'service', id: 7, request: { op: 'toCode', xml: 1 } } });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ type: 'failed', id: 7 });
    expect(replies[0]?.type === 'failed' && replies[0].message).toMatch(
      /^The compiler was sent a request it does not understand \(request\.xml: Invalid type/,
    );
  });
});

describe('replies from the compiler worker', () => {
  it.each([
    [{ type: 'warmed', ms: 3 }],
    [{ type: 'result', id: 1, result: { diagnostics: [] }, ms: 1, timings: { 'compile:check': 1 } }],
    [{ type: 'answer', id: 4, answer: null, ms: 1 }],
    [{ type: 'answer', id: 4, answer: null, ms: 1, startedAt: 1_790_000_000_000.5 }],
    [{ type: 'device', id: 2, outcome: { kind: 'notBuilt', reason: 'r' }, ms: 1 }],
    [{ type: 'progress', id: 2, step: 'firmware' }],
    [{ type: 'failed', id: 2, message: 'm' }],
  ])('takes %j as it is', (message) => {
    expect(checkCompilerResponse(message)).toEqual({ ok: true, message });
  });

  it.each([
    [{ type: 'result', id: 1, result: {}, ms: 1 }, 'result: not a compile result'],
    [{ type: 'device', id: 1, outcome: {}, ms: 1 }, 'outcome: not a device build outcome'],
    [{ type: 'answer', id: 1, answer: 1 }, 'ms: Invalid key'],
    [{ type: 'progress', id: 1, step: 'linking' }, 'step: Invalid type'],
    [{ type: 'answer', id: 1, answer: 1, ms: 1, timings: { a: 'slow' } }, 'timings.a: Invalid type'],
    [{ type: 'answer', id: 1, answer: 1, ms: 1, startedAt: 'now' }, 'startedAt: Invalid type'],
  ])('refuses %j with "%s"', (message, error) => {
    const checked = checkCompilerResponse(message);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toContain(error);
  });

  it('ends the request a bad reply names, instead of leaving it waiting', async () => {
    let reply: ((event: { data: unknown }) => void) | undefined;
    const port: CompilerWorkerPort = {
      postMessage: (request) => {
        if (request.type === 'service') queueMicrotask(() => reply?.({ data: { type: 'answer', id: request.id } }));
      },
      addEventListener: (type: string, listener: (event: { data: unknown }) => void) => {
        if (type === 'message') reply = listener;
      },
      terminate: () => undefined,
    };
    const client = new CompilerClient(() => port);
    await expect(client.service({ op: 'toCode', xml: '<xml/>' })).rejects.toThrow(
      'The compiler answered something unexpected.',
    );
  });
});
