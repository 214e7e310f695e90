import { describe, expect, it } from 'vitest';
import { parseServiceRequest } from './compiler-protocol.ts';

describe('the edit request as the worker reads it', () => {
  const edit = { op: 'edit', from: 'blocks', text: '<xml></xml>', files: { 'a.ts': 'let a = 1' }, build: 'run' };

  it('keeps the known fields only, as a fresh copy', () => {
    const parsed = parseServiceRequest({ ...edit, debug: true, unlessCode: 'x', extra: 'dropped' });
    expect(parsed).toEqual({ ...edit, debug: true, unlessCode: 'x' });
    expect(parseServiceRequest(edit)).toEqual(edit);
  });

  it('refuses a request with a field of the wrong kind', () => {
    for (const bad of [
      { ...edit, from: 'javascript' },
      { ...edit, build: 'later' },
      { ...edit, text: 1 },
      { ...edit, files: { 'a.ts': 2 } },
      { ...edit, debug: 'yes' },
      { ...edit, unlessCode: null },
    ]) {
      expect(parseServiceRequest(bad)).toBeUndefined();
    }
  });

  it('reads toCode without the old compileWith', () => {
    expect(parseServiceRequest({ op: 'toCode', xml: '<xml/>', compileWith: {} })).toEqual({
      op: 'toCode',
      xml: '<xml/>',
    });
  });
});
