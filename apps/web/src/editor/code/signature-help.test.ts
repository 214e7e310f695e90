// Signature help against a fake compiler worker: the Python editor asks about main.py with the
// learner's text at the cursor, shows the parameters with the current one in bold, and closes
// when the worker has no call there.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceRequest, SignatureHelpAnswer } from '@blockyard/compiler-worker';
import type { CodeService } from './code-service.ts';
import { signatureHelp } from './signature-help.ts';

const HELP: SignatureHelpAnswer = {
  from: 18,
  to: 24,
  activeSignature: 0,
  activeParameter: 1,
  signatures: [
    {
      prefix: 'basic.show_string(',
      separator: ', ',
      suffix: '): void',
      documentation: 'Scroll text on the screen.',
      parameters: [
        { label: 'text: string', documentation: 'the text to scroll' },
        { label: 'interval?: number', documentation: 'how fast to shift characters' },
      ],
    },
  ],
};

let view: EditorView | undefined;
afterEach(() => view?.destroy());

function open(file?: string) {
  const requests: ServiceRequest[] = [];
  const service: CodeService = {
    files: () => ({ 'main.ts': 'let stale = 1\n' }),
    compiler: {
      service: (request) => {
        requests.push(request);
        const text = request.op === 'signatureHelp' ? (request.files[request.file] ?? '') : '';
        return Promise.resolve(text.endsWith(', ') ? HELP : null) as never;
      },
    },
  };
  view = new EditorView({
    state: EditorState.create({ extensions: [signatureHelp(service, file, 0)] }),
    parent: document.body,
  });
  return { view, requests };
}

function type(target: EditorView, text: string) {
  target.dispatch({
    changes: { from: 0, to: target.state.doc.length, insert: text },
    selection: { anchor: text.length },
  });
}

describe('signatureHelp', () => {
  it('asks about main.py in the Python editor and shows the current parameter in bold', async () => {
    const { view: editor, requests } = open('main.py');
    type(editor, 'basic.show_string("Hi", ');
    const box = await vi.waitFor(() => {
      const found = document.querySelector('.code-signature-help');
      if (!found) throw new Error('no help yet');
      return found;
    });
    expect(requests.at(-1)).toEqual({
      op: 'signatureHelp',
      files: { 'main.ts': 'let stale = 1\n', 'main.py': 'basic.show_string("Hi", ' },
      file: 'main.py',
      offset: 24,
    });
    expect(box.querySelector('.code-docs-signature')?.textContent).toBe(
      'basic.show_string(text: string, interval?: number): void',
    );
    expect(box.querySelector('strong')?.textContent).toBe('interval?: number');
    expect(box.textContent).toContain('how fast to shift characters');
    // Leaving the call: the worker has no help, the tooltip closes.
    type(editor, 'basic.show_string("Hi")');
    await vi.waitFor(() => expect(document.querySelector('.code-signature-help')).toBeNull());
  });

  it('asks about main.ts in the JavaScript editor', async () => {
    const { view: editor, requests } = open();
    type(editor, 'basic.showString("Hi", ');
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests[0]).toMatchObject({ file: 'main.ts', files: { 'main.ts': 'basic.showString("Hi", ' } });
  });
});
