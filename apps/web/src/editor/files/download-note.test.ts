import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { downloadNoteText, NAMED_CALLS } from './download-note.ts';

const place = (call: string, line: number) => ({ call, file: 'main.ts', line, column: 1 });

describe('the note of a Download that holds no program', () => {
  it('names the one call the board cannot run yet', async () => {
    const { t } = await createI18n('en');
    const text = downloadNoteText(
      { kind: 'unsupported', calls: ['radio.sendNumber'], places: [place('radio.sendNumber', 2)] },
      t,
    );
    expect(text).toBe('radio.sendNumber doesn’t run on the micro:bit yet, so this file can’t run there.');
  });

  it('says how many calls and names the first few', async () => {
    const { t } = await createI18n('en');
    const calls = Array.from({ length: NAMED_CALLS + 2 }, (_, i) => `radio.call${i}`);
    const text = downloadNoteText({ kind: 'unsupported', calls, places: calls.map((c, i) => place(c, i + 1)) }, t);
    expect(text).toContain(`${NAMED_CALLS + 2} calls don’t run on the micro:bit yet`);
    expect(text).toContain(`radio.call${NAMED_CALLS - 1}, …`);
    expect(text).not.toContain(`radio.call${NAMED_CALLS}`);
    const two = downloadNoteText({ kind: 'unsupported', calls: calls.slice(0, 2), places: [] }, t);
    expect(two).toBe(
      '2 calls don’t run on the micro:bit yet (radio.call0, radio.call1), so this file can’t run there.',
    );
  });

  it('says it with the count in Arabic too', async () => {
    const { t } = await createI18n('ar');
    const text = downloadNoteText({ kind: 'unsupported', calls: ['a.b', 'c.d', 'e.f'], places: [] }, t);
    expect(text).toContain('3');
    expect(text).toContain('a.b, c.d, e.f');
  });
});
