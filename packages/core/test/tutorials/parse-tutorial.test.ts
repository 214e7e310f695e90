// Golden parse results for MakeCode-style tutorial fixtures (one syntax each, written by us) and
// for our own tutorials in content/tutorials/, the spec's rules stated as tests, and fuzzing: no
// markdown makes the parser throw anything but 'Invalid tutorial format', or hang.
// Regenerate goldens after an intended change: BLOCKYARD_UPDATE_GOLDENS=1 npx vitest run packages/core/test/tutorials
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TutorialFormatError } from '../../src/index.ts';
import {
  imageStart,
  INVALID_TUTORIAL_FORMAT,
  isTutorialFormatError,
  MAX_TUTORIAL_CHARS,
  parseTutorial,
} from '../../src/index.ts';

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, 'fixtures');
const ourTutorials = join(here, '..', '..', '..', '..', 'content', 'tutorials');
const goldens = join(here, 'goldens');
const update = process.env.BLOCKYARD_UPDATE_GOLDENS === '1';

function golden(name: string, markdown: string): void {
  const path = join(goldens, `${name}.json`);
  const actual = `${JSON.stringify(parseTutorial(markdown), null, 2)}\n`;
  if (update || !existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const fixtureNames = readdirSync(fixtures)
  .filter((f) => f.endsWith('.md') && f !== 'not-a-tutorial.md')
  .map((f) => f.slice(0, -3));
const ourNames = existsSync(ourTutorials)
  ? readdirSync(ourTutorials)
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .map((f) => f.slice(0, -3))
  : [];

describe('golden parse results', () => {
  it.each(fixtureNames)('MakeCode-style fixture %s', (name) => {
    golden(`fixtures/${name}`, readFileSync(join(fixtures, `${name}.md`), 'utf8'));
  });

  it('covers our own tutorials (at least 12)', () => {
    expect(ourNames.length).toBeGreaterThanOrEqual(12);
  });

  it.each(ourNames)('our tutorial %s', (name) => {
    golden(`ours/${name}`, readFileSync(join(ourTutorials, `${name}.md`), 'utf8'));
  });
});

const fixture = (name: string) => parseTutorial(readFileSync(join(fixtures, `${name}.md`), 'utf8'));

describe('the format, rule by rule', () => {
  it('reads steps with titles, flags and hints from ## sections', () => {
    const result = fixture('steps');
    expect(result.title).toBe('Wave hello');
    expect(result.steps.map((s) => s.title)).toEqual(['Say hi', 'Scroll a greeting', 'Try it']);
    expect(result.steps[0]).toMatchObject({ showDialog: true, showHint: true });
    expect(result.steps[1]).toMatchObject({
      showHint: true,
      headerContentMd: 'Find ``||basic:show string||`` and put it into ``||basic:on start||``.',
      hintContentMd: '```blocks\nbasic.showString("Hi!")\n```',
    });
    expect(result.steps[2]!.hintContentMd).toBeUndefined();
    expect(result.editor).toBe('blocksprj');
    expect(result.activities).toBeUndefined();
  });

  it('takes titles out of braces and flags out of titles', () => {
    const steps = fixture('braced-steps').steps;
    expect(steps.map((s) => s.title)).toEqual([
      'Before you start',
      'Show the heart',
      'Start over',
      'All done',
      undefined,
    ]);
    expect(steps[0]).toMatchObject({ showDialog: true, showHint: true }); // @unplugged
    expect(steps[1]).toMatchObject({ showHint: true }); // @fullscreen
    expect(steps[1]!.showDialog).toBeUndefined();
    expect(steps[2]!.resetDiff).toBe(true);
    expect(steps[3]!.tutorialCompleted).toBe(true);
  });

  it('reads the legacy "## Step N" and "### Step N" forms', () => {
    expect(fixture('legacy-steps').steps.map((s) => s.title)).toEqual(['Step 1', 'Step 2', 'Step 3']);
    const old = fixture('legacy-h3');
    expect(old.steps).toHaveLength(2);
    expect(old.steps[0]!.contentMd).not.toContain('before the first step');
  });

  it('groups ### steps under ## activities', () => {
    const result = fixture('activities');
    expect(result.activities).toEqual([
      { name: 'Getting ready', step: 0 },
      { name: 'Build it', step: 1 },
      { name: 'Activity 2', step: 3 },
    ]);
    expect(result.steps.map((s) => s.activity)).toEqual([0, 1, 1, 2]);
    expect(result.steps[0]!.hintContentMd).toBe('![A board with two buttons](/static/tutorials/buttons.png)');
    expect(result.metadata).toEqual({ activities: true });
  });

  it('starts the hint at the first snippet or picture, only after some text', () => {
    const steps = fixture('hints').steps;
    expect(steps[0]!.headerContentMd).toBe('Look at how the board is wired.');
    expect(steps[0]!.hintContentMd).toMatch(/^!\[Wires[\s\S]*belong to the hint too\.$/);
    expect(steps[1]!.headerContentMd).toBe('Press the picture to open it bigger.');
    expect(steps[1]!.hintContentMd).toBe('[![Small board](/static/board.png)](/static/board-big.png)');
    expect(steps[2]!.hintContentMd).toBeUndefined();
    expect(steps[2]!.headerContentMd).toBe('```blocks\nbasic.showNumber(7)\n```');
    expect(steps[3]!.hintContentMd).toBeUndefined();
    expect(steps[4]!.headerContentMd).toBe('Start with this:');
  });

  it('with @explicitHints, the hint is the ~ tutorialhint section and code stays in the card', () => {
    const steps = fixture('explicit-hints').steps;
    expect(steps[1]!.hintContentMd).toMatch(/^Use ``\|\|basic:pause\|\|`` with ``500``\.\n\n```blocks/);
    expect(steps[1]!.headerContentMd).toBe(
      'Add a pause after the icon.\n\nThis line comes after the hint box and stays in the card.',
    );
    expect(steps[2]!.hintContentMd).toBeUndefined();
    expect(steps[2]!.headerContentMd).toContain('```blocks');
  });

  it('keeps template and ghost code out of the steps but in the code list', () => {
    const result = fixture('template');
    expect(result.templateCode).toBe('basic.forever(function () {\n    basic.pause(100)\n})');
    expect(result.code).toHaveLength(4);
    expect(result.code[0]).toMatch(/^\{\ninput\.onGesture/);
    for (const step of result.steps) expect(step.contentMd).not.toMatch(/```(template|ghost)/);
  });

  it('infers the editor from the snippets', () => {
    expect(fixture('javascript')).toMatchObject({ editor: 'tsprj', templateLanguage: 'typescript' });
    expect(fixture('python')).toMatchObject({ editor: 'pyprj', language: 'python', templateLanguage: 'python' });
    expect(fixture('python').code[1]).toBe('\ncount += 1\nbasic.show_number(count)\n');
    expect(fixture('spy').editor).toBe('pyprj');
    expect(fixture('spy').language).toBeUndefined();
  });

  it('ignores the snippets that conflict with the first kind (ambiguous tutorials)', () => {
    const result = fixture('ambiguous');
    expect(result.editor).toBe('blocksprj');
    expect(result.code).toEqual(['{\nbasic.showNumber(1)\n}', '{\nbasic.showNumber(4)\n}']);
  });

  it('collects block configuration, globally and per step', () => {
    const result = fixture('block-config');
    expect(result.globalBlockConfig).toEqual({ md: 'basic.showNumber(42)\nbasic.pause(250)\n' });
    expect(result.steps[0]!.localBlockConfig).toEqual({ md: 'basic.showString("local")\n' });
    expect(result.steps[1]!.localBlockConfig).toEqual({ md: 'led.plot(2, 2)\nled.unplot(2, 2)\n' });
    expect(result.steps[1]!.contentMd).toBe('Plot the middle light.');
  });

  it('reads validation sections', () => {
    const result = fixture('validation');
    expect(result.steps[0]!.localValidationConfig).toEqual({
      validatorsMetadata: [
        { validatorType: 'BlocksExistValidator', properties: { enabled: 'true', markers: 'highlight' } },
      ],
    });
    expect(result.globalValidationConfig?.validatorsMetadata.map((v) => v.validatorType)).toEqual([
      'BlocksExistValidator',
      'ComparisonOperatorValidator',
    ]);
  });

  it('reads resources, custom code, the sim theme and hidden namespaces', () => {
    const result = fixture('resources');
    expect(result.jres).toContain('image/x-mkcd-f4');
    expect(result.assetFiles).toEqual({ 'images.g.jres': '{}', 'images.g.ts': 'namespace myImages {}' });
    expect(result.customTs).toContain('export function twice');
    expect(result.simTheme).toEqual({ theme: 'dark', palette: ['#000000', '#ffffff'] });
    expect(result.hiddenNamespaces).toEqual(['radio', 'serial', 'pins']);
    expect(result.steps[0]!.contentMd).not.toContain('neopixel');
  });

  it('reads metadata as JSON when it parses, and never touches a prototype', () => {
    const result = fixture('metadata');
    expect(result.metadata).toMatchObject({
      diffs: false,
      flyoutOnly: true,
      hideIteration: true,
      preferredEditor: 'blocksprj',
      description: 'A short tutorial with every kind of setting.',
      customValue: { level: 2, tags: ['leds'] },
    });
    expect(Object.hasOwn(result.metadata, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]!.contentMd).toContain('### @notMetadata inside a fence');
  });

  it("says 'Invalid tutorial format' for what cannot be a tutorial", () => {
    const cases: [unknown, string][] = [
      [readFileSync(join(fixtures, 'not-a-tutorial.md'), 'utf8'), 'no-steps'],
      ['', 'empty'],
      ['   \n\n', 'empty'],
      [42, 'empty'],
      ['## Step\u0000binary', 'binary'],
      [`## Step\n${'x'.repeat(MAX_TUTORIAL_CHARS)}`, 'too-big'],
      ['# Title only\n\nwords', 'no-steps'],
      ['### @activities true\n# Title\n### A step outside any activity', 'no-steps'],
    ];
    for (const [input, problem] of cases) {
      let error: unknown;
      try {
        parseTutorial(input as string);
      } catch (e) {
        error = e;
      }
      expect(isTutorialFormatError(error), String(problem)).toBe(true);
      expect((error as TutorialFormatError).message).toBe(INVALID_TUTORIAL_FORMAT);
      expect((error as TutorialFormatError).problem).toBe(problem);
    }
  });

  it('finds pictures by scanning, linked or not', () => {
    expect(imageStart('see ![a](b.png)')).toBe(4);
    expect(imageStart('[![a](b.png)](c.png)')).toBe(0);
    expect(imageStart('![no address]')).toBe(-1);
    expect(imageStart('![has space](a b)')).toBe(-1);
    expect(imageStart('![x] then ![y](z.png)')).toBe(10);
  });
});

describe('hostile markdown', () => {
  const accept = (markdown: string) => {
    try {
      const result = parseTutorial(markdown);
      // What comes back is plain data.
      expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    } catch (error) {
      expect(isTutorialFormatError(error), String(error)).toBe(true);
    }
  };

  it('never throws anything but the format error on random markdown-like text', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '# ',
        '## ',
        '### ',
        '#### ~ tutorialhint',
        '### ~',
        '### @activities true',
        '### @explicitHints true',
        '### @x {',
        '@showdialog',
        '@unplugged',
        '{',
        '}',
        '```',
        '```blocks',
        '```python',
        '```typescript',
        '```template',
        '```assetjson',
        '```simtheme',
        '```validation.local',
        '```blockconfig.global',
        '~~~',
        '![a](b)',
        '[![',
        '](',
        '* Key: value',
        '\n',
        '\r\n',
        '\r',
        ' ',
        '\t',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), (pieces) => accept(pieces.join(''))),
      { numRuns: 1500 },
    );
  });

  it('stays linear on pathological inputs', () => {
    const size = 200_000;
    for (const markdown of [
      `## a\n${'![x'.repeat(size / 3)}`,
      `## a\n${'!['.repeat(size / 2)}]`,
      '#\n'.repeat(size / 2),
      `## a\n${'# b'.padEnd(size, ' ')}c`,
      '```\n'.repeat(size / 4),
      `## s\n\`\`\`validation.global\n# V\n* k:${' '.repeat(size)}v\n\`\`\``,
      `${'## s\n```template\nx\n```\n\n'.repeat(size / 30)}`,
    ]) {
      accept(markdown);
    }
  });
});
