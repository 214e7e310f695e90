import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import type { SourcePlace } from '../session/session-types.ts';
import { downloadNoteLinks, downloadNoteText, NAMED_CALLS } from './download-note.ts';

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

  it('says what part of the program the board cannot run yet when it is not a call', async () => {
    const { t } = await createI18n('en');
    const what = 'An object literal or interface cannot be compiled for the micro:bit yet';
    const text = downloadNoteText({ kind: 'unsupported', calls: [what], places: [place(what, 2)] }, t);
    expect(text).toBe(
      'Your program uses something the micro:bit can’t run yet, so this file can’t run there: An object literal or interface cannot be compiled for the micro:bit yet.',
    );
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

describe('the links of a Download note to the places the board cannot run', () => {
  const asText = (place: SourcePlace) => place;
  const noBlock = () => undefined;

  it('links each line once, in order, and spells another file out', async () => {
    const { t } = await createI18n('en');
    const places = [place('radio.sendMessage', 3), place('radio.sendMessage', 3), place('music.startMelody', 5)];
    places.push({ call: 'game.createSprite', file: 'helpers.ts', line: 2, column: 1 });
    const links = downloadNoteLinks({ kind: 'unsupported', calls: [], places }, t, asText, noBlock);
    expect(links.map((l) => l.label)).toEqual(['Show line 3', 'Show line 5', 'Show helpers.ts, line 2']);
    expect(links[1]!.target).toMatchObject({ file: 'main.ts', line: 5, column: 1 });
  });

  it('names the block as the learner sees it, once per block', async () => {
    const { t } = await createI18n('en');
    // Lines 1 and 2 are inside the same block; line 4 is a block with no label known.
    const blockOf: Record<number, string> = { 1: 'b1', 2: 'b1', 4: 'b4' };
    const locate = (p: SourcePlace) => ({ ...p, blockId: blockOf[p.line]! });
    const labels: Record<string, string> = { b1: 'send message 1' };
    const places = [place('radio.sendMessage', 1), place('radio.sendMessage', 2), place('game.createSprite', 4)];
    const links = downloadNoteLinks({ kind: 'unsupported', calls: [], places }, t, locate, (id) => labels[id]);
    expect(links.map((l) => l.label)).toEqual(['Show “send message 1”', 'Show “game.createSprite”']);
    expect(links.map((l) => l.target.blockId)).toEqual(['b1', 'b4']);
  });

  it('gives at most as many links as the note names calls, and none for other notes', async () => {
    const { t } = await createI18n('en');
    const places = Array.from({ length: NAMED_CALLS + 3 }, (_, i) => place(`radio.call${i}`, i + 1));
    expect(downloadNoteLinks({ kind: 'unsupported', calls: [], places }, t, asText, noBlock)).toHaveLength(NAMED_CALLS);
    const tooBig = { kind: 'tooBig', board: 'micro:bit V1', message: 'program too big by 4 bytes!' } as const;
    expect(downloadNoteLinks(tooBig, t, asText, noBlock)).toEqual([]);
  });
});
