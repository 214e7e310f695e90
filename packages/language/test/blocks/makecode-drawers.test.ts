// Our drawers against MakeCode's (makecode-drawers.ts): every block MakeCode offers should be in
// the same drawer here, in the same part (main or "more"), and we should offer no API block it
// does not. The differences that remain are listed below with the reason for each; a new one fails
// the test, and so does one that has been fixed (then take it off the list).
import { describe, expect, it } from 'vitest';
import type { ToolboxEntry } from '../../src/blocks/definitions/block-definition.ts';
import { registry } from './harness.ts';
import { makeCodeDrawers } from './makecode-drawers.ts';

/** How a toolbox entry is named in the data: its type, or `parent(block)` for a wrapped block. */
function entryName(entry: ToolboxEntry): string | undefined {
  if (entry.kind !== 'block') return undefined;
  return entry.wraps === undefined ? entry.type : `${entry.type}(${entry.wraps})`;
}

function names(entries: readonly ToolboxEntry[] | undefined, apiOnly: boolean): string[] {
  return (entries ?? [])
    .filter((entry) => !apiOnly || (entry.kind === 'block' && registry.apiBlock(entry.type) !== undefined))
    .flatMap((entry) => entryName(entry) ?? []);
}

/** Each difference as one line: `drawer: what`. */
function drawerDifferences(): string[] {
  const differences: string[] = [];
  for (const [id, theirs] of Object.entries(makeCodeDrawers)) {
    const category = registry.toolbox.categories.find((c) => c.id === id);
    if (!category) {
      differences.push(`${id}: no such drawer`);
      continue;
    }
    // Built-in blocks (if, repeat, text) count as present; only API blocks can be extra.
    const main = names(category.contents, false);
    const more = names(category.more, false);
    for (const name of theirs.main) {
      if (!main.includes(name))
        differences.push(`${id}: ${more.includes(name) ? 'under "more" here' : 'missing'} ${name}`);
    }
    for (const name of theirs.more) {
      if (!more.includes(name))
        differences.push(`${id}: ${main.includes(name) ? 'not under "more" here' : 'missing'} ${name}`);
    }
    const known = new Set([...theirs.main, ...theirs.more]);
    for (const name of [...names(category.contents, true), ...names(category.more, true)]) {
      if (!known.has(name)) differences.push(`${id}: only here ${name}`);
    }
  }
  return differences;
}

/** What is still different, and why. */
const knownDifferences: Readonly<Record<string, string>> = {
  'arrays: missing array_unshift_statement': 'our array_unshift is a statement block already',
  'math: missing math_convert_unit': 'Math.convert (units) is not in our API yet',
  'text: missing string_substr_new':
    'our substring block keeps the older id string_substr (only here, below); MakeCode renamed it',
  'text: only here string_substr': 'see string_substr_new',
  'pins: missing pin_neopixel_matrix_width': 'pins.setMatrixWidth is not in our API yet',
  'control: only here control_panic': 'our control.panic has a block; MakeCode keeps it code-only',
  'control: only here control_device_long_serial_number':
    'our control.deviceLongSerialNumber has a block; MakeCode keeps it code-only',
  'music: only here music_playable_play(music_song_field_editor)':
    "music.createSong comes from MakeCode's mixer library (Arcade); ours shows the song read-only",
  'radio: only here radioBroadcastMessage':
    "radio.sendMessage / onReceivedMessage come from MakeCode's radio-broadcast extension; ours has them built in",
  'radio: only here radioBroadcastOnMessage': 'see radioBroadcastMessage',
};

describe("drawers compared with MakeCode's", () => {
  it('Music opens with the play block, holding a melody, as in MakeCode', () => {
    const music = registry.toolbox.categories.find((c) => c.id === 'music')!;
    const first = music.contents.find((entry) => entry.kind === 'block');
    expect(first && entryName(first)).toBe(makeCodeDrawers['music']!.main[0]);
    expect(first && entryName(first)).toBe('music_playable_play(music_string_playable)');
    // Tones and sound effects come inside "play" too.
    expect(names(music.contents, false)).toEqual(
      expect.arrayContaining([
        'music_playable_play(music_tone_playable)',
        'music_playable_play(soundExpression_builtinPlayableSoundEffect)',
        'music_playable_play(soundExpression_createSoundExpression)',
      ]),
    );
  });

  it('every block MakeCode offers is in the same drawer here, except the differences listed', () => {
    const differences = drawerDifferences();
    expect(differences.filter((d) => !(d in knownDifferences))).toEqual([]);
    expect(
      Object.keys(knownDifferences).filter((d) => !differences.includes(d)),
      'fixed: take these off the list',
    ).toEqual([]);
  });
});
