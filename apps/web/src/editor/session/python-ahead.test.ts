import type { ToPythonAnswer } from '@blockyard/compiler-worker';
import { describe, expect, it } from 'vitest';
import { PythonAhead, type ToPythonSource } from './python-ahead.ts';

/** A worker whose answers come when the test says (`answer`), each naming what it converted. */
function fakeWorker() {
  const asked: ToPythonSource[] = [];
  const waiting: { resolve: (a: ToPythonAnswer) => void; reject: (e: Error) => void }[] = [];
  const request = (source: ToPythonSource) => {
    asked.push(source);
    return new Promise<ToPythonAnswer>((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const answer = (i: number) => {
    const source = asked[i]!;
    const text = 'xml' in source ? source.xml : source.code;
    waiting[i]!.resolve({ python: `py:${text}`, code: text, warnings: [] });
  };
  return { asked, waiting, request, answer };
}

describe('PythonAhead', () => {
  it('gives the answer made ahead for the same text, without asking again', async () => {
    const worker = fakeWorker();
    const ahead = new PythonAhead(worker.request);
    void ahead.ahead({ xml: '<xml>a</xml>' });
    worker.answer(0);
    expect((await ahead.convert({ xml: '<xml>a</xml>' })).python).toBe('py:<xml>a</xml>');
    expect(worker.asked).toHaveLength(1);
  });

  it('a press while the conversion ahead is on its way waits for it instead of asking twice', async () => {
    const worker = fakeWorker();
    const ahead = new PythonAhead(worker.request);
    void ahead.ahead({ code: 'a' });
    const pressed = ahead.convert({ code: 'a' });
    worker.answer(0);
    expect((await pressed).python).toBe('py:a');
    expect(worker.asked).toHaveLength(1);
  });

  it('never gives the answer of another text: a changed one, or blocks against code', async () => {
    const worker = fakeWorker();
    const ahead = new PythonAhead(worker.request);
    void ahead.ahead({ xml: 'a' });
    worker.answer(0);
    const changed = ahead.convert({ xml: 'a2' });
    worker.answer(1);
    expect((await changed).python).toBe('py:a2');
    const code = ahead.convert({ code: 'a2' });
    worker.answer(2);
    expect(await code).toMatchObject({ python: 'py:a2', code: 'a2' });
    expect(worker.asked).toEqual([{ xml: 'a' }, { xml: 'a2' }, { code: 'a2' }]);
  });

  it('keeps no failed conversion, and nothing made before forget()', async () => {
    const worker = fakeWorker();
    const ahead = new PythonAhead(worker.request);
    const failed = ahead.ahead({ code: 'a' });
    worker.waiting[0]!.reject(new Error('worker crashed'));
    await expect(failed).rejects.toThrow('worker crashed');
    const again = ahead.convert({ code: 'a' });
    worker.answer(1);
    expect((await again).python).toBe('py:a');
    ahead.forget();
    void ahead.convert({ code: 'a' });
    expect(worker.asked).toHaveLength(3);
  });
});
