// DAP conformance of `blockyard debug` (issue 18) with the protocol's own test client
// (@vscode/debugadapter-testsupport): each test talks to a session over a socket, and the program
// runs in the real sandbox process, as in VS Code.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BlockyardDebugSession } from './debug-adapter.ts';

const LOOP = [
  'let total = 0', //                         1
  'function add(n: number) {', //             2
  '    total += n', //                        3
  '}', //                                     4
  'for (let i = 0; i < 3; i++) {', //         5
  '    add(i)', //                            6
  '    serial.writeLine("i=" + i)', //        7
  '}', //                                     8
  '', //                                      9
].join('\n');

const FOREVER = [
  'let beats = 0',
  'basic.forever(() => {',
  '    beats += 1',
  '    serial.writeValue("beats", beats)',
  '    basic.pause(10)',
  '})',
  '',
].join('\n');

const OVERFLOW = ['function dive(n: number): number {', '    return dive(n + 1) + 1', '}', 'dive(0)', ''].join('\n');

let server: Server;
let dir: string;
let client: DebugClient;
let output: string[];
let outputEvents: DebugProtocol.OutputEvent[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'blockyard-dap-'));
  await writeFile(join(dir, 'loop.ts'), LOOP);
  await writeFile(join(dir, 'overflow.ts'), OVERFLOW);
  await writeFile(join(dir, 'forever.ts'), FOREVER);
  await writeFile(
    join(dir, 'count.py'),
    ['count = 0', 'for i in range(3):', '    count += i', 'serial.write_line(str(count))', ''].join('\n'),
  );
  server = createServer((socket) => {
    const session = new BlockyardDebugSession(dir);
    session.setRunAsServer(true);
    session.start(socket, socket);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  client = new DebugClient('node', 'unused', 'blockyard');
  client.defaultTimeout = 30_000;
  output = [];
  outputEvents = [];
  client.on('output', (event: DebugProtocol.OutputEvent) => {
    outputEvents.push(event);
    output.push(`${event.body.category}: ${event.body.output}`);
  });
  await client.start((server.address() as AddressInfo).port);
});

afterEach(async () => {
  await client.stop();
});

async function variablesOf(frameId: number): Promise<Record<string, string>> {
  const scopes = await client.scopesRequest({ frameId });
  const out: Record<string, string> = {};
  for (const scope of scopes.body.scopes) {
    const list = await client.variablesRequest({ variablesReference: scope.variablesReference });
    for (const v of list.body.variables) out[v.name] ??= v.value;
  }
  return out;
}

async function topFrame(threadId: number): Promise<DebugProtocol.StackFrame> {
  const trace = await client.stackTraceRequest({ threadId });
  return trace.body.stackFrames[0]!;
}

describe('blockyard debug (Debug Adapter Protocol)', () => {
  it('refuses clients that do not use native paths with 2018', async () => {
    await expect(client.initializeRequest({ adapterID: 'blockyard', pathFormat: 'uri' })).rejects.toThrow(
      'debug adapter only supports native paths',
    );
  });

  it('answers a request it does not know with 1014', async () => {
    await client.initializeRequest({ adapterID: 'blockyard', pathFormat: 'path' });
    const failure = await client.customRequest('makeCoffee').then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toBe('unrecognized request');
  });

  it('answers a request its handler fails on with 1104, and keeps serving', async () => {
    await client.initializeRequest({ adapterID: 'blockyard', pathFormat: 'path' });
    // A malformed request (breakpoints not a list) makes the handler throw.
    const raw = client as unknown as {
      doSend(command: string, args: unknown, done: (response: DebugProtocol.ErrorResponse) => void): void;
    };
    const answer = await new Promise<DebugProtocol.ErrorResponse>((done) =>
      raw.doSend('setBreakpoints', { source: { path: join(dir, 'main.ts') }, breakpoints: 5 }, done),
    );
    expect(answer.success).toBe(false);
    expect(answer.body.error?.id).toBe(1104);
    expect(answer.message).toMatch(/^The debugger failed: /);
    const threads = await client.threadsRequest();
    expect(threads.success).toBe(true);
  });

  it('stops at a breakpoint in a loop with the right line and values, and again after continue', async () => {
    const path = join(dir, 'loop.ts');
    await client.hitBreakpoint({ program: path }, { path, line: 6 }, { path, line: 6 });
    const threads = await client.threadsRequest();
    const threadId = threads.body.threads[0]!.id;
    // The top level is called by its block, as in the editor.
    expect(threads.body.threads[0]!.name).toBe('on start');
    expect((await topFrame(threadId)).name).toBe('on start');
    expect(await variablesOf((await topFrame(threadId)).id)).toMatchObject({ i: '0', total: '0' });

    const [, continued] = await Promise.all([
      client.continueRequest({ threadId }),
      client.waitForEvent('continued') as Promise<DebugProtocol.ContinuedEvent>,
      client.assertStoppedLocation('breakpoint', { path, line: 6 }),
    ]);
    expect(continued.event).toBe('continued');
    expect(continued.body).toMatchObject({ threadId, allThreadsContinued: true });
    expect(await variablesOf((await topFrame(threadId)).id)).toMatchObject({ i: '1', total: '0' });

    // The serial line of the first pass came out as it was written, as an `output` event.
    expect(outputEvents.map((e) => e.event)).toEqual(expect.arrayContaining(['output']));
    expect(output).toContain('stdout: i=0\n');
    expect(output.join('')).not.toContain('i=1');
  });

  it('stops in a Python program at its Python line', async () => {
    const path = join(dir, 'count.py');
    await client.hitBreakpoint({ program: path }, { path, line: 3 }, { path, line: 3 });
    const threadId = (await client.threadsRequest()).body.threads[0]!.id;
    expect(await variablesOf((await topFrame(threadId)).id)).toMatchObject({ i: '0', count: '0' });
  });

  it('moves a breakpoint on a line without code to the next line that has some', async () => {
    await client.initializeRequest({ adapterID: 'blockyard', pathFormat: 'path', linesStartAt1: true });
    const path = join(dir, 'loop.ts');
    const [, reply] = await Promise.all([
      client.launch({ program: path }),
      client
        .waitForEvent('initialized')
        .then(() => client.setBreakpointsRequest({ source: { path }, breakpoints: [{ line: 4 }, { line: 9 }] })),
    ]);
    const [moved, after] = reply.body.breakpoints;
    expect(moved).toMatchObject({ verified: true, line: 5 });
    expect(after?.verified).toBe(false);
  });

  it('steps over a function call and into it', async () => {
    const path = join(dir, 'loop.ts');
    await client.hitBreakpoint({ program: path }, { path, line: 6 }, { path, line: 6 });
    const threadId = (await client.threadsRequest()).body.threads[0]!.id;

    await Promise.all([client.nextRequest({ threadId }), client.assertStoppedLocation('step', { path, line: 7 })]);
    await Promise.all([client.continueRequest({ threadId }), client.assertStoppedLocation('breakpoint', { line: 6 })]);

    await Promise.all([client.stepInRequest({ threadId }), client.assertStoppedLocation('step', { path, line: 3 })]);
    const frame = await topFrame(threadId);
    expect(frame.name).toBe('add');
    expect(await variablesOf(frame.id)).toMatchObject({ n: '1' });

    await Promise.all([client.stepOutRequest({ threadId }), client.assertStoppedLocation('step', { path, line: 7 })]);
  });

  it('stops on a runtime error with its message, then ends', async () => {
    const path = join(dir, 'overflow.ts');
    await Promise.all([
      client.configurationSequence(),
      client.launch({ program: path }),
      client.waitForEvent('stopped').then((event) => {
        expect(event.body).toMatchObject({ reason: 'exception', text: 'Stack overflow' });
      }),
    ]);
    const threadId = (await client.threadsRequest()).body.threads[0]!.id;
    await Promise.all([client.continueRequest({ threadId }), client.waitForEvent('terminated')]);
  });

  it('pauses a running program where it is, on any board, and names the boards', async () => {
    const path = join(dir, 'forever.ts');
    await Promise.all([
      client.configurationSequence(),
      client.launch({ program: path, boards: 2, time: 600_000 }),
      client.waitForEvent('output'), // running
    ]);
    const [, stopped] = await Promise.all([
      client.pauseRequest({ threadId: 1 }),
      client.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>,
    ]);
    expect(stopped.body).toMatchObject({ reason: 'pause', allThreadsStopped: true });
    const names = (await client.threadsRequest()).body.threads.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^board 1: /), expect.stringMatching(/^board 2: /)]),
    );
    const frame = await topFrame(stopped.body.threadId!);
    expect(frame.source?.path).toBe(path);
    expect([3, 4, 5]).toContain(frame.line);
    await client.disconnectRequest({});
  });

  it('refuses to launch a program that does not compile, saying where the problems are', async () => {
    await writeFile(join(dir, 'broken.ts'), 'basic.showNumber("three")\n');
    await client.initializeRequest({ adapterID: 'blockyard', pathFormat: 'path' });
    const [failure] = await Promise.all([
      client.launch({ program: join(dir, 'broken.ts') }).then(
        () => undefined,
        (error: Error) => error.message,
      ),
      client.assertOutput('stderr', 'broken.ts:1:'),
    ]);
    expect(failure).toContain('The program has problems');
  });
});
