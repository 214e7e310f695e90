import type { ServiceRequest } from '@blockyard/compiler-worker';
import { describe, expect, it } from 'vitest';
import { BlocksAhead } from './blocks-ahead.ts';
import type { SessionCompiler } from './session-types.ts';

/** A worker that converts at once: Python `p` to code `ts:p`, code `c` to blocks `<xml>c</xml>`. */
function fakeCompiler() {
  const asked: ServiceRequest[] = [];
  const compiler = {
    service: (request: ServiceRequest) => {
      asked.push(request);
      if (request.op === 'fromPython')
        return Promise.resolve({ code: `ts:${request.python}`, diagnostics: [], lineMap: [] });
      if (request.op === 'toBlocks')
        return Promise.resolve({ xml: `<xml>${request.files['main.ts']}</xml>`, greyLines: [] });
      return Promise.reject(new Error('unexpected'));
    },
  } as unknown as SessionCompiler;
  return { asked, compiler };
}

const files = { 'pxt.json': '{}', 'main.ts': 'old' };

/** The two requests a switch from Python to Blocks sends, as language-switch.ts sends them. */
async function pressBlocks(ahead: BlocksAhead, python: string, previousXml: string) {
  const code = (await ahead.service({ op: 'fromPython', python, files })).code!;
  // The switch saved the code first, so main.ts comes last in its files.
  const { 'main.ts': _old, ...others } = files;
  return ahead.service({ op: 'toBlocks', files: { ...others, 'main.ts': code }, previousXml });
}

describe('BlocksAhead', () => {
  it('answers the press with what it made ahead for the same Python, asking nothing more', async () => {
    const { asked, compiler } = fakeCompiler();
    const ahead = new BlocksAhead(compiler);
    await ahead.ahead('a', files, '<xml/>');
    expect(asked.map((r) => r.op)).toEqual(['fromPython', 'toBlocks']);
    expect((await pressBlocks(ahead, 'a', '<xml/>')).xml).toBe('<xml>ts:a</xml>');
    expect(asked).toHaveLength(2);
  });

  it('converts afresh after an edit, never showing the blocks of the Python before', async () => {
    const { asked, compiler } = fakeCompiler();
    const ahead = new BlocksAhead(compiler);
    await ahead.ahead('a', files, '<xml/>');
    expect((await pressBlocks(ahead, 'ab', '<xml/>')).xml).toBe('<xml>ts:ab</xml>');
    expect(asked).toHaveLength(4);
  });

  it('asks again when the blocks shown before differ, or after forget', async () => {
    const { asked, compiler } = fakeCompiler();
    const ahead = new BlocksAhead(compiler);
    await ahead.ahead('a', files, '<xml/>');
    await pressBlocks(ahead, 'a', '<xml>other</xml>');
    expect(asked.map((r) => r.op)).toEqual(['fromPython', 'toBlocks', 'toBlocks']);
    ahead.forget();
    await pressBlocks(ahead, 'a', '<xml/>');
    expect(asked).toHaveLength(5);
  });
});
