// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildProgramWorkerSource } from './program-worker-source-plugin.ts';

describe('the program worker source', () => {
  it('runs after a program in one classic script, loading nothing else', async () => {
    const { code } = await buildProgramWorkerSource(true);
    expect(code).not.toMatch(/importScripts|import\(/);
    const posted: unknown[] = [];
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const self: Record<string, unknown> = {
      postMessage: (message: unknown) => posted.push(message),
      addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.push(listener),
    };
    self['self'] = self;
    // As program-link.ts makes it: the program's factory, then the bundle (no importScripts in
    // this context: the worker's policy refuses scripts from elsewhere).
    const script = ['self.blockyardProgram = function ($rt, $h, $api', ') {', 'basic.showNumber(1)', '};', code].join(
      '\n',
    );
    runInNewContext(script, { self, performance, setTimeout, clearTimeout, setInterval, clearInterval });
    expect(posted).toContainEqual({ type: 'ready' });
    expect(listeners).toHaveLength(1);
  }, 60_000);
});
