// The code editor's completion source, against a fake compiler worker: which file and offset it
// asks about (main.py in the Python editor, with the learner's text), what it offers, the docs
// fetched for one entry, and when it stays quiet.
import { CompletionContext, type Completion } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@blockyard/compiler-worker';
import type { CodeService } from './code-service.ts';
import { completionSource } from './ts-completions.ts';

function fakeService(): { service: CodeService; requests: ServiceRequest[] } {
  const requests: ServiceRequest[] = [];
  const service: CodeService = {
    files: () => ({ 'main.ts': 'basic.showNumber(1)\n' }),
    compiler: {
      service: (request) => {
        requests.push(request);
        if (request.op === 'completions')
          return Promise.resolve({
            from: 6,
            member: true,
            options: [
              { label: 'show_number', kind: 'function', sortText: '11' },
              { label: 'pause', kind: 'function', sortText: '11' },
            ],
          }) as never;
        if (request.op === 'completionDetails')
          return Promise.resolve({
            signature: 'function basic.show_number(value: number): void',
            documentation: 'Shows a number on the LED screen.',
          }) as never;
        return Promise.reject(new Error('unexpected'));
      },
    },
  };
  return { service, requests };
}

function context(text: string, explicit = false): CompletionContext {
  return new CompletionContext(EditorState.create({ doc: text }), text.length, explicit);
}

describe('completionSource for the Python editor', () => {
  it('asks the worker about main.py with the learner’s text, keeping the other files', async () => {
    const { service, requests } = fakeService();
    const result = await completionSource(service, 'main.py')(context('basic.sh'));
    expect(requests[0]).toEqual({
      op: 'completions',
      files: { 'main.ts': 'basic.showNumber(1)\n', 'main.py': 'basic.sh' },
      file: 'main.py',
      offset: 8,
    });
    expect(result?.from).toBe(6);
    expect(result?.options.map((o) => o.label)).toEqual(['show_number', 'pause']);
    expect(result?.validFor).toBeInstanceOf(RegExp);
  });

  it('fetches the signature and docs of the highlighted entry only, in Python names', async () => {
    const { service, requests } = fakeService();
    const result = await completionSource(service, 'main.py')(context('basic.sh'));
    expect(requests).toHaveLength(1);
    const info = (result!.options[0] as Completion).info as (c: Completion) => Promise<Node | null>;
    const element = (await info(result!.options[0]!)) as HTMLElement;
    expect(requests[1]).toMatchObject({ op: 'completionDetails', file: 'main.py', name: 'show_number' });
    expect(element.textContent).toContain('basic.show_number(value: number)');
    expect(element.textContent).toContain('Shows a number on the LED screen.');
  });

  it('stays quiet on an empty word unless asked (Ctrl+Space), and when the worker fails', async () => {
    const { service, requests } = fakeService();
    expect(await completionSource(service, 'main.py')(context('x = '))).toBeNull();
    expect(requests).toHaveLength(0);
    expect(await completionSource(service, 'main.py')(context('x = ', true))).not.toBeNull();
    const failing: CodeService = { ...service, compiler: { service: () => Promise.reject(new Error('restarting')) } };
    expect(await completionSource(failing, 'main.py')(context('basic.sh'))).toBeNull();
  });

  it('asks about main.ts in the JavaScript editor', async () => {
    const { service, requests } = fakeService();
    await completionSource(service)(context('basic.sh'));
    expect(requests[0]).toMatchObject({ file: 'main.ts', files: { 'main.ts': 'basic.sh' } });
  });
});
