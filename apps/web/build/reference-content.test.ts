import ts from 'typescript';
import { microbitLibraryFiles } from '@blockyard/board-microbit';
import {
  checkDocsPage,
  isDocumented,
  loadDocsSearchIndex,
  referencePath,
  referenceView,
  snippetKey,
  type BlockPicture,
  type BlockStack,
} from '@blockyard/docs';
import { BlockRegistry, createCompiler } from '@blockyard/language';
import { describe, expect, it } from 'vitest';
import { readDocsContent } from './docs-content-plugin.ts';
import { readReferenceContent } from './reference-content.ts';

const SNIPPET = /```blocks\n([\s\S]*?)```/g;

describe('block help pages', () => {
  const content = readReferenceContent();
  const hasPage = (path: string) => referenceView(content, path) !== undefined;
  const registry = new BlockRegistry({ ts, library: microbitLibraryFiles });

  it('has a page for every annotated API function', () => {
    const documented = Object.values(registry.metadata.functions).filter(isDocumented);
    expect(documented.length).toBeGreaterThan(250);
    const missing = documented.filter((fn) => !hasPage(referencePath(fn))).map((fn) => fn.qName);
    expect(missing).toEqual([]);
  });

  it("gives every block's help link a page, built-in blocks included", () => {
    const links = registry.definitions.flatMap((definition) => (definition.helpUrl ? [definition.helpUrl] : []));
    expect(links).toContain('/reference/loops/repeat');
    const missing = links.filter((url) => !hasPage(url.replace(/^\/reference\/?/, '')));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has an example on every generated page, and every example compiles', () => {
    const compiler = createCompiler({ ts, library: microbitLibraryFiles });
    const examples = [
      ...content.pages.map((page) => ({ path: page.path, code: page.example ?? '' })),
      ...Object.entries(content.written).flatMap(([path, markdown]) =>
        [...markdown.matchAll(SNIPPET)].map((match) => ({ path: `${path}.md`, code: match[1] ?? '' })),
      ),
    ];
    const failures = examples.flatMap(({ path, code }) => {
      if (!code.trim()) return [`${path}: no example`];
      const errors = compiler.compile({ 'main.ts': code }).diagnostics.filter((d) => d.category === 'error');
      return errors.map((d) => `${path}: ${d.message}`);
    });
    expect(failures).toEqual([]);
  });

  it('adds Python where the example can be said in Python', () => {
    const page = content.pages.find((p) => p.path === 'input/on-button-pressed');
    expect(page?.examplePython).toContain('def on_button_pressed_a():');
    expect(page?.entries[0]?.pythonSignature).toMatch(/^input\.on_button_pressed\(/);
    const withPython = content.pages.filter((p) => p.examplePython).length;
    expect(withPython / content.pages.length).toBeGreaterThan(0.9);
  });

  it('keeps our written pages free of macro problems, each with a title', () => {
    for (const [path, markdown] of Object.entries(content.written)) {
      expect(checkDocsPage(markdown), path).toEqual([]);
      expect(markdown, path).toMatch(/^# \S/);
    }
  });

  /** `[round ▾] [0]`: words, dropdowns with ▾, other slots in brackets, inner blocks in parentheses. */
  const drawn = (picture: BlockPicture): string =>
    picture.parts
      .map((part) =>
        part.kind === 'label'
          ? part.text
          : part.kind === 'block'
            ? `(${drawn(part.picture)})`
            : part.slot === 'dropdown'
              ? `[${part.text} ▾]`
              : `[${part.text}]`,
      )
      .join(' ');
  const pictureOf = (path: string, index = 0) => {
    const block = content.pages.find((p) => p.path === path)?.entries[index]?.block;
    return block && drawn(block);
  };

  it('draws each block as the toolbox offers it', () => {
    // Operator dropdowns: the block of Math.round is `[round ▾] 0`, not a bare 0.
    expect(pictureOf('math/round')).toBe('[round ▾] [0]');
    expect(pictureOf('math/ceil')).toBe('[ceiling ▾] [0]');
    expect(pictureOf('math/max')).toBe('[max ▾] of [0] and [0]');
    // Pickers that are shadow blocks, and blocks inside blocks.
    expect(pictureOf('basic/show-arrow')).toBe('show arrow [North ▾]');
    expect(pictureOf('music/rest')).toBe('rest for ([1 ▾] beat)');
    expect(pictureOf('music/play')).toBe('play (melody [E D G F B A C5 B ] at tempo [120] (bpm)) [until done ▾]');
    // A collapsed block hides its optional inputs and their words.
    expect(pictureOf('led/plot-bar-graph')).toBe('plot bar graph of [0] up to [0]');
    // A handler's values to drag out.
    expect(pictureOf('radio/on-received-number')).toBe('on radio received [receivedNumber]');
  });

  it('never shows code where a block shows words or a lone zero for a block with words', () => {
    const slots = (picture: BlockPicture): { slot: string; text: string }[] =>
      picture.parts.flatMap((part) =>
        part.kind === 'slot' ? [part] : part.kind === 'block' ? slots(part.picture) : [],
      );
    const problems = content.pages.flatMap((page) =>
      page.entries.flatMap((entry) => {
        if (!entry.block) return [];
        const bad = slots(entry.block).filter(
          (s) => /^[A-Z]\w*\.\w+$/.test(s.text) || (s.slot === 'number' && !/^-?\d/.test(s.text)),
        );
        return bad.map((s) => `${page.path} (${entry.qName}): ${s.slot} "${s.text}"`);
      }),
    );
    expect(problems).toEqual([]);
    // Only a shadow block (a value picker) may be a lone number; Math's functions have words.
    const loneNumbers = content.pages.filter(
      (page) => page.category === 'math' && /^\[\d+\]$/.test(pictureOf(page.path) ?? ''),
    );
    expect(loneNumbers.map((page) => page.path)).toEqual([]);
  });

  it('draws every `blocks` snippet of our guides and help pages as blocks, mouths and arms included', () => {
    const docs = readDocsContent(undefined, content);
    const markdown = [...Object.values(docs.pages), ...Object.values(content.written)];
    const codes = markdown.flatMap((text) =>
      [...text.matchAll(/^```blocks\n([\s\S]*?)^```/gm)].map((m) => snippetKey(m[1] ?? '')),
    );
    expect(codes.length).toBeGreaterThanOrEqual(20);
    // A snippet that needs grey code blocks stays code; none of ours does.
    expect(codes.filter((code) => !Object.hasOwn(content.snippets, code))).toEqual([]);
    const outline = (stack: BlockStack): string[] =>
      stack.map((block) =>
        [
          drawn(block),
          ...(block.statements ?? []).map(
            (arm) =>
              `${arm.before ? `${drawn({ ...block, parts: arm.before })} ` : ''}{ ${outline(arm.stack).join('; ')} }`,
          ),
        ].join(' '),
      );
    const find = (start: string) => Object.entries(content.snippets).find(([code]) => code.startsWith(start))?.[1];
    const ifElse = find('basic.forever(function () {\n    if (input.buttonIsPressed(Button.A)) {');
    expect(ifElse?.map(outline)).toEqual([
      ['forever { if (button [A ▾] is pressed) then { show icon [yes ▾] } else { show icon [no ▾] } }'],
    ]);
    const list = find('let list = [5, 10, 15]');
    expect(list?.map(outline)).toEqual([
      ['on start { set [list] to (array of [5] [10] [15]); show number (length of array [list]) }'],
    ]);
  });

  it('puts the help pages into the docs search', () => {
    const search = loadDocsSearchIndex(readDocsContent(undefined, content).searchIndex);
    expect(search.search('show number').map((hit) => hit.path)).toContain('/reference/basic/show-number');
    expect(search.search('repeat').map((hit) => hit.path)).toContain('/reference/loops/repeat');
  });
});
