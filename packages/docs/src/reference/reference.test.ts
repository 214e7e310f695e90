import { describe, expect, it } from 'vitest';
import { blockPicture, blockWords } from './block-picture.ts';
import { blockRefFinder, blockRefFinderFromPages } from './block-ref.ts';
import { buildReferenceCatalogue, isDocumented, referencePath, referenceTitle } from './reference-catalogue.ts';
import { receiverName, referenceExample } from './reference-example.ts';
import { referencePathOf, referenceView, splitWrittenExample } from './reference-lookup.ts';
import { testApi } from './test-api.ts';

const fn = (qName: string) => {
  const found = testApi.functions[qName];
  if (!found) throw new Error(`no ${qName} in the test library`);
  return found;
};

describe('block pictures', () => {
  it('draws a statement block with its words, slot values and category colour', () => {
    const picture = blockPicture(testApi, fn('basic.showNumber'));
    expect(picture).toEqual({
      shape: 'statement',
      colour: '#1E90FF',
      mouth: false,
      parts: [
        { kind: 'label', text: 'show number' },
        { kind: 'slot', slot: 'number', text: '5' },
      ],
    });
  });

  it('leaves out what shows only when the block is expanded', () => {
    const picture = blockPicture(testApi, fn('basic.showString'));
    expect(picture?.parts).toEqual([
      { kind: 'label', text: 'show string' },
      { kind: 'slot', slot: 'text', text: 'Hi!' },
    ]);
  });

  it('shapes events, conditions, values and pictures like the editor', () => {
    expect(blockPicture(testApi, fn('input.onButtonPressed'))).toMatchObject({ shape: 'hat', mouth: true });
    expect(blockPicture(testApi, fn('input.onButtonPressed'))?.parts[1]).toEqual({
      kind: 'slot',
      slot: 'dropdown',
      text: 'A',
    });
    expect(blockPicture(testApi, fn('basic.forever'))).toMatchObject({ shape: 'hat', mouth: true });
    expect(blockPicture(testApi, fn('input.buttonIsPressed'))).toMatchObject({ shape: 'boolean' });
    expect(blockPicture(testApi, fn('input.buttonIsPressed'))?.parts[1]).toMatchObject({ text: 'B' });
    expect(blockPicture(testApi, fn('input.temperature'))).toMatchObject({ shape: 'reporter', mouth: false });
    expect(blockPicture(testApi, fn('basic.showLeds'))?.parts[1]).toEqual({ kind: 'slot', slot: 'leds', text: '' });
    expect(blockPicture(testApi, fn('game.LedSprite.move'))?.parts[0]).toEqual({
      kind: 'slot',
      slot: 'variable',
      text: 'sprite',
    });
  });

  it('has no picture for a function without a block, and names a block by its words', () => {
    expect(blockPicture(testApi, fn('input.calibrate'))).toBeUndefined();
    expect(blockWords(blockPicture(testApi, fn('input.onButtonPressed'))!)).toBe('on button pressed');
  });
});

describe('examples', () => {
  it('calls a statement block with the values a new block starts with', () => {
    expect(referenceExample(testApi, fn('basic.showNumber'))).toBe('basic.showNumber(5)');
    expect(referenceExample(testApi, fn('basic.showString'))).toBe('basic.showString("Hi!")');
  });

  it('puts something visible inside an event and shows what a value block gives', () => {
    expect(referenceExample(testApi, fn('input.onButtonPressed'))).toBe(
      'input.onButtonPressed(Button.A, function () {\n    basic.showIcon(IconNames.Heart)\n})',
    );
    expect(referenceExample(testApi, fn('input.temperature'))).toBe('basic.showNumber(input.temperature())');
    expect(referenceExample(testApi, fn('input.buttonIsPressed'))).toContain('if (input.buttonIsPressed(Button.B)) {');
    // An enum default written as the member's value.
    expect(referenceExample(testApi, fn('music.noteFrequency'))).toBe('basic.showNumber(music.noteFrequency(Note.C))');
  });

  it('makes an object first for a method, in a variable named after its class', () => {
    expect(referenceExample(testApi, fn('game.LedSprite.move'))).toBe(
      'let sprite = game.createSprite(2, 2)\nsprite.move(1)',
    );
    expect(receiverName(testApi, 'Array')).toBe('list');
    // Never the name of a namespace.
    expect(receiverName(testApi, 'music.Basic')).toBe('myBasic');
  });

  it('draws an LED picture for an image literal', () => {
    expect(referenceExample(testApi, fn('basic.showLeds'))).toMatch(/^basic\.showLeds\(`\n {4}\. # \. # \./);
  });
});

describe('the catalogue', () => {
  const pages = buildReferenceCatalogue(testApi, {
    python: { functionName: (f) => f.qName.toLowerCase(), parameterName: (n) => n.toLowerCase() },
    toPython: (code) => (code.includes('sprite') ? undefined : `# ${code}`),
  });
  const page = (path: string) => pages.find((p) => p.path === path);

  it('has a page for every function with a block or a help path, and none for others', () => {
    expect(isDocumented(fn('input.hidden'))).toBe(false);
    const documented = Object.values(testApi.functions).filter(isDocumented);
    for (const f of documented) expect(page(referencePath(f)), f.qName).toBeDefined();
    expect(pages.map((p) => p.path)).not.toContain('input/hidden');
    // A block without help= gets {category}/{name}.
    expect(referencePath(fn('input.temperature'))).toBe('input/temperature');
    expect(page('input/calibrate')?.entries[0]?.block).toBeUndefined();
  });

  it('fills a page with the block, signatures, parameters, example and related pages', () => {
    const showNumber = page('basic/show-number')!;
    expect(showNumber).toMatchObject({
      title: 'show number',
      category: 'basic',
      categoryLabel: 'Basic',
      colour: '#1E90FF',
      example: 'basic.showNumber(5)',
      examplePython: '# basic.showNumber(5)',
    });
    expect(showNumber.entries[0]).toMatchObject({
      signature: 'basic.showNumber(value: number, interval?: number): void',
      pythonSignature: 'basic.shownumber(value: number, interval: number = None) -> None',
      doc: 'Shows a number on the screen.',
      parameters: [
        { name: 'value', type: 'number', doc: 'the number to show', optional: false, defaultValue: '5' },
        { name: 'interval', type: 'number', doc: '', optional: true },
      ],
    });
    expect(showNumber.related.map((r) => r.path)).toEqual(['basic/show-leds', 'basic/show-string', 'basic/forever']);
    expect(page('game/move')?.examplePython).toBeUndefined();
    expect(referenceTitle('input/on-button-pressed')).toBe('on button pressed');
  });
});

describe('finding a page', () => {
  const pages = buildReferenceCatalogue(testApi);
  const catalogue = {
    pages,
    written: { 'loops/repeat': '# repeat\n\nAgain.', 'basic/show-number': '# show\n\nMine.' },
  };

  it('finds generated pages (with our words), written ones, categories and the index', () => {
    expect(referenceView(catalogue, 'basic/show-number')).toMatchObject({ kind: 'block', written: '# show\n\nMine.' });
    expect(referenceView(catalogue, 'input/temperature')).toMatchObject({ kind: 'block' });
    expect(referenceView(catalogue, 'input/temperature')).not.toHaveProperty('written');
    expect(referenceView(catalogue, 'loops/repeat')).toEqual({
      kind: 'written',
      path: 'loops/repeat',
      markdown: '# repeat\n\nAgain.',
    });
    const basic = referenceView(catalogue, 'basic');
    expect(basic?.kind === 'category' && basic.category.pages.map((p) => p.path)).toEqual([
      'basic/forever',
      'basic/show-leds',
      'basic/show-number',
      'basic/show-string',
    ]);
    const index = referenceView(catalogue, referencePathOf('/'));
    expect(index?.kind === 'index' && index.categories.map((c) => c.label)).toEqual([
      'Basic',
      'Game',
      'Input',
      'Music',
    ]);
    expect(referenceView(catalogue, 'basic/nothing')).toBeUndefined();
    expect(referencePathOf('/basic/show-number/')).toBe('basic/show-number');
  });

  it('takes a written example section apart from the text', () => {
    expect(splitWrittenExample('# a\n\nText.\n\n## Example\n\n```blocks\nx\n```\n')).toEqual({
      text: '# a\n\nText.',
      example: '## Example\n\n```blocks\nx\n```\n',
    });
    expect(splitWrittenExample('# a\n\nText.')).toEqual({ text: '# a\n\nText.' });
  });
});

describe('block references', () => {
  const find = blockRefFinder(testApi);

  it('finds a block by its namespace and words, or the start of its words', () => {
    expect(find('input', 'on button pressed')).toEqual(blockPicture(testApi, fn('input.onButtonPressed')));
    expect(find('Basic', 'Show Number')).toEqual(blockPicture(testApi, fn('basic.showNumber')));
    expect(find('basic', 'show str')).toEqual(blockPicture(testApi, fn('basic.showString')));
    // Methods of a class are found under the namespace that holds the class.
    expect(find('game', 'move by')).toEqual(blockPicture(testApi, fn('game.LedSprite.move')));
  });

  it('draws an unknown block with its words in its category colour', () => {
    expect(find('loops', 'repeat 4 times')).toEqual({
      shape: 'statement',
      colour: '#107C10',
      mouth: false,
      parts: [{ kind: 'label', text: 'repeat 4 times' }],
    });
    expect(find('basic', 'juggle')).toMatchObject({ colour: '#1E90FF' });
    expect(find('nowhere', 'x').colour).toBe('#6b6b6b');
  });

  it('finds the same pictures from the help pages', () => {
    const fromPages = blockRefFinderFromPages(buildReferenceCatalogue(testApi));
    expect(fromPages('input', 'on button pressed')).toEqual(blockPicture(testApi, fn('input.onButtonPressed')));
  });
});
