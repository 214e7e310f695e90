// The hover docs source, against a fake compiler worker: in the Python editor it asks about main.py
// with the learner's text, and shows the answer's signature and docs over the answer's range.
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@blockyard/compiler-worker';
import type { CodeService } from './code-service.ts';
import { hoverSource } from './ts-hover.ts';

const TEXT = 'x = 1\nbasic.show_number(x)\n';

function fakeService(answer: 'docs' | 'nothing' | 'fail'): { service: CodeService; requests: ServiceRequest[] } {
  const requests: ServiceRequest[] = [];
  const service: CodeService = {
    files: () => ({ 'main.ts': 'let x = 1\n' }),
    compiler: {
      service: (request) => {
        requests.push(request);
        if (answer === 'fail') return Promise.reject(new Error('restarting'));
        if (answer === 'nothing') return Promise.resolve(null) as never;
        return Promise.resolve({
          from: 6,
          to: 23,
          signature: 'function basic.show_number(value: number, interval?: number): void',
          documentation: 'Scroll a number on the screen.\n\n@param value the number to scroll, eg: 0',
        }) as never;
      },
    },
  };
  return { service, requests };
}

describe('hoverSource', () => {
  it('asks about main.py in the Python editor and shows the docs in Python names', async () => {
    const { service, requests } = fakeService('docs');
    const tooltip = await hoverSource(service, 'main.py')(EditorState.create({ doc: TEXT }), 12);
    expect(requests).toEqual([
      { op: 'quickInfo', files: { 'main.ts': 'let x = 1\n', 'main.py': TEXT }, file: 'main.py', offset: 12 },
    ]);
    expect(tooltip).toMatchObject({ pos: 6, end: 23, above: true });
    const { dom } = tooltip!.create(undefined as never);
    expect(dom.textContent).toContain('basic.show_number(value: number');
    expect(dom.textContent).toContain('Scroll a number on the screen.');
    expect(dom.textContent).toContain('for example 0');
  });

  it('shows nothing where the worker knows nothing, or fails', async () => {
    const state = EditorState.create({ doc: TEXT });
    expect(await hoverSource(fakeService('nothing').service, 'main.py')(state, 0)).toBeNull();
    expect(await hoverSource(fakeService('fail').service, 'main.py')(state, 12)).toBeNull();
  });

  it('asks about main.ts in the JavaScript editor', async () => {
    const { service, requests } = fakeService('docs');
    await hoverSource(service)(EditorState.create({ doc: 'basic.showNumber(1)' }), 8);
    expect(requests[0]).toMatchObject({ file: 'main.ts', files: { 'main.ts': 'basic.showNumber(1)' } });
  });
});
