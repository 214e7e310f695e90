// Property test for issue 12 item 2: programs built from the API learners use most, in forms
// MakeCode shows entirely as blocks (typed empty arrays, built-in sounds, playables, methods on
// call results, at top level or in events), decompile with no grey block, and the trip
// TypeScript -> blocks -> TypeScript -> blocks is stable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decompile, generate, normalize } from './harness.ts';

// NO_GREY_PROPERTY_RUNS=1000 for a longer search.
const runs = Number(process.env['NO_GREY_PROPERTY_RUNS'] ?? 60);
const timeout = 120_000;

const sounds = ['giggle', 'happy', 'hello', 'mysterious', 'sad', 'slide', 'soaring', 'spring', 'twinkle', 'yawn'];
const modes = ['UntilDone', 'InBackground', 'LoopingInBackground'];
const small = fc.integer({ min: 0, max: 4 });
const word = fc.constantFrom('"a"', '"hi"', '"micro:bit"');

const playable = fc.oneof(
  fc.constantFrom(...sounds).map((s) => `music.builtinPlayableSoundEffect(soundExpression.${s})`),
  fc.integer({ min: 40, max: 500 }).map((bpm) => `music.stringPlayable("C D E F G A B C5 ", ${bpm})`),
  fc.constantFrom('Note.C', 'Note.E', 'Note.G').map((n) => `music.tonePlayable(${n}, music.beat(BeatFraction.Whole))`),
);

/** Statements that use `names` (string[]) and `sprites` (game.LedSprite[]). */
const statement = fc.oneof(
  fc.tuple(playable, fc.constantFrom(...modes)).map(([p, m]) => `music.play(${p}, music.PlaybackMode.${m})`),
  fc
    .tuple(fc.constantFrom(...sounds), fc.constantFrom('play', 'playUntilDone'))
    .map(([s, m]) => `soundExpression.${s}.${m}()`),
  word.map((w) => `names.push(${w})`),
  fc.tuple(small, small).map(([x, y]) => `sprites.push(game.createSprite(${x}, ${y}))`),
  fc.constant('sprites.removeAt(0).delete()'),
  fc.constant('basic.showString(names[0])'),
  fc.constant('basic.showNumber(sprites.length)'),
  small.map((n) => `sprites[0].move(${n})`),
);

const body = fc.array(statement, { minLength: 1, maxLength: 4 });
const event = fc
  .tuple(fc.constantFrom('Button.A', 'Button.B', 'Button.AB'), body)
  .map(
    ([button, lines]) => `input.onButtonPressed(${button}, function () {\n${lines.map((l) => `    ${l}\n`).join('')}})`,
  );

const program = fc
  .record({
    declareNames: fc.boolean(),
    declareSprites: fc.boolean(),
    top: fc.array(statement, { maxLength: 3 }),
    events: fc.array(event, { maxLength: 2 }),
  })
  .map(({ declareNames, declareSprites, top, events }) => {
    const lines: string[] = [];
    // Statements using an undeclared array would not compile: declare what is used.
    const all = [...top, ...events].join('\n');
    if (declareNames || all.includes('names')) lines.push('let names: string[] = []');
    if (declareSprites || all.includes('sprites')) lines.push('let sprites: game.LedSprite[] = []');
    return [...lines, ...top, ...events].join('\n') + '\n';
  });

describe('programs MakeCode shows as blocks', () => {
  it(
    'decompile with no grey block and round-trip stably',
    () => {
      fc.assert(
        fc.property(program, (source) => {
          const first = decompile(source);
          expect(first.greyNotes, source).toEqual([]);
          const code = generate(first.workspace).code;
          const again = decompile(code);
          expect(again.greyNotes, code).toEqual([]);
          expect(normalize(again.workspace), code).toEqual(normalize(first.workspace));
          expect(generate(again.workspace).code).toBe(code);
        }),
        { numRuns: runs },
      );
    },
    timeout,
  );
});
