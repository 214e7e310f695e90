// Programs MakeCode shows entirely as blocks (issue 12 item 2): no grey code block here either,
// and TypeScript -> blocks -> TypeScript gives the program back.
import { describe, expect, it } from 'vitest';
import { writeBlocksXml } from '../../src/blocks/model/write-blocks-xml.ts';
import { blockTypes, decompile, generate, normalize } from './harness.ts';

function roundTrip(source: string) {
  const first = decompile(source);
  const code = generate(first.workspace).code;
  return { first, code, again: decompile(code) };
}

const programs: readonly { name: string; source: string; types: readonly string[]; back?: string }[] = [
  {
    name: 'a typed empty array alone',
    source: 'let names: string[] = []\n',
    types: ['variables_set', 'lists_create_with'],
  },
  {
    name: 'a typed empty array of sprites alone',
    source: 'let sprites: game.LedSprite[] = []\n',
    types: ['variables_set', 'lists_create_with'],
  },
  {
    name: 'a typed empty array with Array<T>',
    source: 'let words: Array<string> = []\nbasic.showNumber(words.length)\n',
    types: ['variables_set', 'lists_length'],
    back: 'let words: string[] = []\nbasic.showNumber(words.length)\n',
  },
  {
    name: 'a typed empty array declared in an event',
    source:
      'input.onButtonPressed(Button.A, function () {\n    let sprites: game.LedSprite[] = []\n    basic.showNumber(sprites.length)\n})\n',
    types: ['variables_set', 'lists_create_with'],
  },
  {
    name: 'a built-in sound played until done',
    source: 'soundExpression.twinkle.playUntilDone()\n',
    types: ['SoundExpression_playUntilDone'],
  },
  { name: 'a built-in sound played', source: 'soundExpression.giggle.play()\n', types: ['SoundExpression_play'] },
  {
    name: 'a built-in playable sound effect',
    source: 'music.play(music.builtinPlayableSoundEffect(soundExpression.giggle), music.PlaybackMode.UntilDone)\n',
    types: ['music_playable_play', 'soundExpression_builtinPlayableSoundEffect'],
  },
  {
    name: 'a method called on a call result',
    source: 'let list = [game.createSprite(1, 2)]\nlist.removeAt(0).delete()\n',
    types: ['game_delete_sprite', 'array_removeat'],
  },
  {
    name: 'a looping melody at top level',
    source: 'music.play(music.stringPlayable("C D E F G A B C5 ", 120), music.PlaybackMode.LoopingInBackground)\n',
    types: ['music_playable_play', 'music_string_playable'],
  },
];

describe('no grey blocks where MakeCode has none', () => {
  for (const program of programs) {
    it(program.name, () => {
      const { first, code, again } = roundTrip(program.source);
      expect(first.greyNotes).toEqual([]);
      const types = blockTypes(first.workspace);
      for (const type of program.types) expect(types).toContain(type);
      expect(code).toBe(program.back ?? program.source);
      expect(normalize(again.workspace)).toEqual(normalize(first.workspace));
    });
  }

  it('keeps the type of a typed empty array on its variable', () => {
    const { first } = roundTrip('let names: string[] = []\nbasic.showNumber(names.length)\n');
    expect(first.workspace.variables).toEqual([{ name: 'names', id: 'v_names', type: 'string[]' }]);
    // Blockly refuses a typed variable behind a field that does not name the same type.
    const xml = writeBlocksXml(first.workspace);
    expect(xml).toContain('<field name="VAR" id="v_names" variabletype="string[]">names</field>');
    expect(xml).not.toMatch(/<field name="VAR" id="v_names">/);
  });

  it('keeps every variable of one let, at the top and in an event (the second was lost)', () => {
    expect(roundTrip('let a = 1, b = 2\nbasic.showNumber(a + b)\n').code).toBe(
      'let a = 1\nlet b = 2\nbasic.showNumber(a + b)\n',
    );
    const inEvent =
      'input.onButtonPressed(Button.A, function () {\n    let a = 1, b = 2\n    basic.showNumber(b)\n})\n';
    expect(roundTrip(inEvent).code).toContain('    let b = 2\n');
  });

  it('shows MakeCode forms as blocks: statement pop/shift/removeAt, var, { }, text index, return in an event', () => {
    const cases: readonly [string, string][] = [
      ['let list = [1, 2]\nlist.pop()\nlist.shift()\nlist.removeAt(0)\n', 'array_removeat_statement'],
      ['var old = 1\nbasic.showNumber(old)\n', 'variables_set'],
      ['{\n    basic.showNumber(1)\n}\n', 'device_show_number'],
      ['let word = "abc"\nbasic.showString(word[0])\n', 'lists_index_get'],
      ['input.onButtonPressed(Button.A, function () {\n    return\n})\n', 'function_return'],
      ['basic.showNumber(parseInt("12") + "A".charCodeAt(0))\n', 'string_charcode_at'],
    ];
    for (const [source, type] of cases) {
      const { first, code, again } = roundTrip(source);
      expect(first.greyNotes, source).toEqual([]);
      expect(blockTypes(first.workspace), source).toContain(type);
      expect(normalize(again.workspace), code).toEqual(normalize(first.workspace));
    }
    expect(roundTrip('let list = [1, 2]\nlist.pop()\n').code).toBe('let list = [1, 2]\nlist.pop()\n');
  });

  it('still shows a return at the top level as code', () => {
    expect(decompile('basic.showNumber(1)\nreturn\n').greyNotes.map((n) => n.line)).toEqual([2]);
  });

  it('still shows a sound that is not a built-in one as code', () => {
    const result = decompile(
      'let s = music.createSoundExpression(WaveShape.Sine, 5000, 0, 255, 0, 500, SoundExpressionEffect.None, InterpolationCurve.Linear)\ns.play()\n',
    );
    expect(result.greyNotes.map((n) => n.line)).toEqual([2]);
  });
});
