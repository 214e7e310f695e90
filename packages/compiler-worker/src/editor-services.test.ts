import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '@blockyard/board-microbit';
import type { Compiler } from '@blockyard/language';
import { mergeRanges } from './blocks-service.ts';
import { createEditorServices } from './editor-services.ts';

let compiler: Compiler | undefined;
const services = createEditorServices(ts, () => (compiler ??= createMicrobitCompiler(ts)));
const main = (text: string) => ({ 'main.ts': text });

describe('language service in the compiler worker', () => {
  it('completes the members of a namespace, without compiler helpers', () => {
    const text = 'basic.sh';
    const answer = services.answer({ op: 'completions', files: main(text), file: 'main.ts', offset: text.length });
    expect(answer.from).toBe(6);
    expect(answer.member).toBe(true);
    const labels = answer.options.map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['showNumber', 'showString', 'showIcon']));
    expect(answer.options.find((o) => o.label === 'showNumber')?.kind).toBe('function');
    expect(labels.some((l) => l.startsWith('$'))).toBe(false);
  });

  it('completes global names at the start of a word', () => {
    const text = 'let x = 1\nbas';
    const answer = services.answer({ op: 'completions', files: main(text), file: 'main.ts', offset: text.length });
    expect(answer.from).toBe(10);
    expect(answer.options.map((o) => o.label)).toContain('basic');
  });

  it('gives the signature and JSDoc of a completion', () => {
    const text = 'basic.';
    const details = services.answer({
      op: 'completionDetails',
      files: main(text),
      file: 'main.ts',
      offset: text.length,
      name: 'showNumber',
    });
    expect(details?.signature).toContain('showNumber(value: number');
    expect(details?.documentation).toMatch(/number/i);
  });

  it('explains what is under the pointer', () => {
    const text = 'basic.showString("Hi")\n';
    const info = services.answer({ op: 'quickInfo', files: main(text), file: 'main.ts', offset: 8 });
    expect(info).toMatchObject({ from: 6, to: 16 });
    expect(info?.signature).toContain('showString(text: string');
    expect(info?.documentation.length).toBeGreaterThan(0);
    expect(services.answer({ op: 'quickInfo', files: main(text), file: 'main.ts', offset: 22 })).toBeNull();
  });

  it('helps with the arguments of a call, with the current parameter', () => {
    const text = 'basic.showString("Hi", ';
    const help = services.answer({ op: 'signatureHelp', files: main(text), file: 'main.ts', offset: text.length });
    expect(help?.activeParameter).toBe(1);
    expect(help?.signatures[0]?.prefix).toContain('showString(');
    expect(help?.signatures[0]?.parameters.map((p) => p.label.split(':')[0])).toEqual(['text', 'interval?']);
  });

  it('formats with four spaces', () => {
    const text = 'basic.forever(function(){\nbasic.showNumber(1+2)\n  })\n';
    expect(services.answer({ op: 'format', files: main(text), file: 'main.ts' }).text).toBe(
      'basic.forever(function () {\n    basic.showNumber(1 + 2)\n})\n',
    );
  });

  it('reports what the compiler reports, with offsets in the file', () => {
    const text = 'basic.showNumber(1)\nbasic.showNumbr(2)\n';
    const [problem, ...rest] = services.answer({ op: 'diagnostics', files: main(text), file: 'main.ts' });
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ line: 2, column: 7, severity: 'error', from: 26, to: 35 });
    expect(text.slice(problem!.from, problem!.to)).toBe('showNumbr');
  });

  it('sees the other files of the project, and forgets removed ones', () => {
    const files = { 'custom.ts': 'function helper(n: number) { return n * 2 }\n', 'main.ts': 'help' };
    const answer = services.answer({ op: 'completions', files, file: 'main.ts', offset: 4 });
    expect(answer.options.map((o) => o.label)).toContain('helper');
    const again = services.answer({ op: 'completions', files: main('help'), file: 'main.ts', offset: 4 });
    expect(again.options.map((o) => o.label)).not.toContain('helper');
  });
});

describe('blocks <-> code in the compiler worker', () => {
  it('turns code into compact XML and back', () => {
    const code = 'basic.showString("Hi")\n';
    const blocks = services.answer({ op: 'toBlocks', files: main(code) });
    expect(blocks.greyBlocks).toBe(0);
    expect(blocks.greyLines).toEqual([]);
    expect(blocks.xml).not.toContain('\n');
    expect(blocks.xml).toContain('device_print_message');
    const back = services.answer({ op: 'toCode', xml: blocks.xml });
    expect(back.code).toBe(code);
    expect(back.sourceMap.length).toBeGreaterThan(0);
  });

  it('gives the blocks left for the code back exactly when the code did not change, and keeps loose blocks after an edit', () => {
    const left =
      '<xml xmlns="https://developers.google.com/blockly/xml">' +
      '<block type="device_forever" id="F" x="500" y="70" collapsed="true"><statement name="HANDLER">' +
      '<block type="device_print_message" id="S"><value name="text"><shadow type="text" id="T"><field name="TEXT">Hi</field></shadow></value></block>' +
      '</statement></block>' +
      '<block type="device_show_number" id="L" x="30" y="400"><value name="number"><shadow type="math_number" id="N"><field name="NUM">5</field></shadow></value></block>' +
      '</xml>';
    const code = services.answer({ op: 'toCode', xml: left }).code;
    expect(code).not.toContain('showNumber');
    // Formatting the code is not an edit.
    const formatted = code.replace(/ {4}/g, '  ');
    expect(services.answer({ op: 'toBlocks', files: main(formatted), previousXml: left }).xml).toBe(left);

    const edited = services.answer({ op: 'toBlocks', files: main(code.replace('"Hi"', '"Bye"')), previousXml: left });
    expect(edited.xml).toContain('<block type="device_show_number" id="L" x="30" y="400">');
    expect(edited.xml).toMatch(/<block type="device_forever" id="F" x="500" y="70" collapsed="true">/);
    expect(edited.xml).toContain('Bye');
  });

  it('names the whole lines that can only become grey blocks', () => {
    const code = ['basic.showNumber(1)', 'class Pet {', '    name = "Rex"', '}', 'basic.showNumber(2)', ''].join('\n');
    const blocks = services.answer({ op: 'toBlocks', files: main(code) });
    expect(blocks.greyBlocks).toBeGreaterThan(0);
    expect(blocks.greyLines.map(({ start, end }) => [start, end])).toEqual([[2, 4]]);
  });

  it('merges touching ranges', () => {
    expect(
      mergeRanges([
        { start: 5, end: 5, reason: 'b' },
        { start: 2, end: 4, reason: 'a' },
        { start: 9, end: 9, reason: 'a' },
      ]),
    ).toEqual([
      { start: 2, end: 5, reason: 'a; b' },
      { start: 9, end: 9, reason: 'a' },
    ]);
  });
});

describe('Python <-> code in the compiler worker', () => {
  it('turns Python into TypeScript, with the compiler findings on main.py', () => {
    const python = 'x = 1\nbasic.show_number(x)\nx = "a"\n';
    const answer = services.answer({ op: 'fromPython', python, files: main('stale') });
    expect(answer.code).toBe('let x = 1\nbasic.showNumber(x)\nx = "a"\n');
    expect(answer.lineMap.map(([line]) => line)).toEqual([1, 2, 3]);
    expect(answer.diagnostics).toHaveLength(1);
    expect(answer.diagnostics[0]).toMatchObject({ line: 3, column: 1, severity: 'error', code: 2322 });
  });

  it('gives no code for a misspelt API name, and says where in Python words', () => {
    const python = 'basic.show_number(1)\nbasic.show_numbr(2)\n';
    const answer = services.answer({ op: 'fromPython', python, files: {} });
    expect(answer.code).toBeNull();
    const [problem] = answer.diagnostics;
    expect(problem).toMatchObject({ line: 2, column: 7, severity: 'error' });
    expect(python.slice(problem!.from, problem!.to)).toBe('show_numbr');
  });

  it('gives no code for Python it cannot convert, and says where', () => {
    const python = 'basic.show_number(1)\nimport os\n';
    const answer = services.answer({ op: 'fromPython', python, files: {} });
    expect(answer.code).toBeNull();
    expect(answer.diagnostics[0]).toMatchObject({ line: 2, severity: 'error' });
  });

  it('writes TypeScript as Python, warning about what Python cannot show', () => {
    expect(services.answer({ op: 'toPython', code: 'basic.showNumber(1)\n' })).toEqual({
      python: 'basic.show_number(1)\n',
      code: 'basic.showNumber(1)\n',
      warnings: [],
    });
    const xml =
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="0" y="0"><statement name="HANDLER">' +
      '<block type="device_show_number"><value name="number"><shadow type="math_number"><field name="NUM">7</field></shadow></value></block>' +
      '</statement></block></xml>';
    expect(services.answer({ op: 'toPython', xml })).toEqual({
      python: 'basic.show_number(7)\n',
      code: 'basic.showNumber(7)\n',
      warnings: [],
    });
    const lost = services.answer({ op: 'toPython', code: 'let x = [1]\nfor (let k in x) {\n}\n' });
    expect(lost.warnings[0]).toMatchObject({ line: 2, severity: 'warning' });
  });
});

describe('one edit request in the compiler worker', () => {
  const countingServices = () => {
    const counts = { compiles: 0, debug: 0 };
    let inner: Compiler | undefined;
    const counting = () => {
      inner ??= createMicrobitCompiler(ts);
      const base = inner;
      return {
        ...base,
        program: base.program.bind(base),
        compile: (files: Readonly<Record<string, string>>, options?: { debug?: boolean }) => {
          counts.compiles++;
          if (options?.debug) counts.debug++;
          return base.compile(files, options);
        },
      };
    };
    return { services: createEditorServices(ts, counting), counts };
  };
  const others = { 'custom.ts': 'let extra = 1\n' };

  it('answers the code, the block map and the compiled program, compiling once', () => {
    const { services, counts } = countingServices();
    const xml = services.answer({ op: 'toBlocks', files: main('basic.showNumber(4)\n') }).xml;
    const before = counts.compiles;
    const answer = services.answer({ op: 'edit', from: 'blocks', text: xml, files: others, build: 'run' });
    expect(counts.compiles - before).toBe(1);
    expect(answer.code).toBe(services.answer({ op: 'toCode', xml }).code);
    expect(answer.sourceMap.length).toBeGreaterThan(0);
    expect(answer.diagnostics).toEqual([]);
    expect(answer.compiled?.program?.js).toContain('showNumber');
    expect(answer.compiled?.program?.positions.files).toEqual(['custom.ts', 'main.ts']);
    // What a compile request of the same files gives (the simulator's own path).
    const direct = services.compile({ ...others, 'main.ts': answer.code! });
    expect(answer.compiled?.program?.js).toBe(direct.program?.js);
    expect(answer.compiled).not.toHaveProperty('timings');
  });

  it('compiles nothing when the blocks make the code running now, and a debug build when asked', () => {
    const { services, counts } = countingServices();
    const xml = services.answer({ op: 'toBlocks', files: main('basic.showNumber(4)\n') }).xml;
    const code = services.answer({ op: 'toCode', xml }).code;
    const before = counts.compiles;
    const same = services.answer({ op: 'edit', from: 'blocks', text: xml, files: {}, build: 'run', unlessCode: code });
    expect(same.code).toBe(code);
    expect(same.compiled).toBeUndefined();
    expect(counts.compiles).toBe(before);
    const debug = services.answer({ op: 'edit', from: 'blocks', text: xml, files: {}, build: 'run', debug: true });
    expect(counts.debug).toBe(1);
    expect(debug.compiled?.program?.statements?.length).toBeGreaterThan(0);
  });

  it('checks without a program when the simulator is stopped: the findings on main.ts', () => {
    const { services } = countingServices();
    const xml = services.answer({ op: 'toBlocks', files: main('let x = 4\nbasic.showNumber(x)\n') }).xml;
    // Another file declares the blocks' variable again: an error in main.ts, with its offsets.
    const answer = services.answer({
      op: 'edit',
      from: 'blocks',
      text: xml,
      files: { 'custom.ts': 'let x = 1\n' },
      build: 'check',
    });
    expect(answer.compiled).toBeUndefined();
    expect(answer.diagnostics.length).toBeGreaterThan(0);
    const first = answer.diagnostics[0]!;
    expect(first).toMatchObject({ severity: 'error', code: 2451 });
    expect(answer.code!.slice(first.from, first.to)).toBe('x');
  });

  it('converts and compiles Python once, with its findings and line map', () => {
    const { services, counts } = countingServices();
    const before = counts.compiles;
    const answer = services.answer({
      op: 'edit',
      from: 'python',
      text: 'x = 1\nbasic.show_number(x)\n',
      files: others,
      build: 'run',
    });
    expect(counts.compiles - before).toBe(1);
    expect(answer.code).toContain('basic.showNumber(x)');
    expect(answer.lineMap.length).toBeGreaterThan(0);
    expect(answer.compiled?.program?.positions.files).toEqual(['custom.ts', 'main.ts']);
    const refused = services.answer({
      op: 'edit',
      from: 'python',
      text: 'import os\n',
      files: {},
      build: 'run',
    });
    expect(refused.code).toBeNull();
    expect(refused.compiled).toBeUndefined();
    expect(refused.diagnostics[0]).toMatchObject({ line: 1, severity: 'error' });
  });
});

describe('Python completions and hover in the compiler worker', () => {
  const py = (text: string) => ({ 'main.ts': 'let stale = 1\n', 'main.py': text });

  it('completes an API namespace’s members in Python names', () => {
    const text = 'basic.show_n';
    const answer = services.answer({ op: 'completions', files: py(text), file: 'main.py', offset: text.length });
    expect(answer.from).toBe('basic.'.length);
    expect(answer.member).toBe(true);
    expect(answer.options).toContainEqual({ label: 'show_number', kind: 'function', sortText: '11' });
    expect(answer.options.some((o) => o.label === 'showNumber')).toBe(false);
  });

  it('completes the members of a list, a text and an API object in Python names', () => {
    const complete = (text: string, offset = text.length) =>
      services.answer({ op: 'completions', files: py(text), file: 'main.py', offset });
    const labels = (text: string, offset?: number) => complete(text, offset).options.map((o) => o.label);
    const list = 'scores = [1, 2]\nbasic.show_number(1)\nscores.';
    expect(complete(list)).toMatchObject({ from: list.length, member: true });
    expect(labels(list)).toEqual(expect.arrayContaining(['append', 'insert', 'remove_at', 'pop', 'index']));
    expect(labels(list)).not.toContain('push');
    expect(labels(list)).not.toContain('removeAt');
    expect(labels(list)).not.toContain('Symbol');
    // After an LED picture over several lines too.
    const picture = 'img = images.create_image("""\n# . . . #\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n""")\nimg.';
    expect(labels(picture)).toContain('show_image');
    // A word being typed, in a def, and the same name twice on the line.
    expect(labels('name = "ann"\ndef f():\n    basic.show_string(name + name.up')).toContain('upper');
    const sprite = 'sprite = game.create_sprite(2, 2)\nsprite.if_on';
    expect(labels(sprite)).toContain('if_on_edge_bounce');
    // The rest of the line after the cursor is kept.
    const middle = 'scores = [1]\nx = scores.ap + 1\n';
    expect(labels(middle, middle.indexOf('ap') + 2)).toContain('append');
    // A name nobody made: nothing.
    expect(labels('nobody.')).toEqual([]);
  });

  it('completes the members of self.x and of what a call gives back, in Python names', () => {
    const labels = (text: string) =>
      services
        .answer({ op: 'completions', files: py(text), file: 'main.py', offset: text.length })
        .options.map((o) => o.label);
    const own =
      'class Ship:\n    def __init__(self):\n        self.body = game.create_sprite(1, 1)\n    def go(self):\n        self.body.if_';
    expect(labels(own)).toContain('if_on_edge_bounce');
    const made = 'game.create_sprite(2, 2).';
    expect(services.answer({ op: 'completions', files: py(made), file: 'main.py', offset: made.length })).toMatchObject(
      { from: made.length, member: true },
    );
    expect(labels(made)).toEqual(expect.arrayContaining(['move', 'turn', 'if_on_edge_bounce']));
    expect(labels('a = ["x", "y"]\nbasic.show_string(a.pop().up')).toContain('upper');
    expect(labels('a = [[1], [2]]\nb = a[0].')).toContain('remove_at');
    // A number written with a dot is not a value to complete.
    expect(labels('x = 1.')).toEqual([]);
  });

  it('explains a list’s, a text’s and a sprite’s members in Python names', () => {
    const details = (text: string, name: string) =>
      services.answer({ op: 'completionDetails', files: py(text), file: 'main.py', offset: text.length, name });
    const list = 'scores = [1, 2]\nscores.re';
    const removeAt = details(list, 'remove_at');
    expect(removeAt?.signature).toBe('List[int].remove_at(index: int) -> int');
    expect(removeAt?.signature).not.toContain('removeAt');
    expect(removeAt?.documentation).not.toBe('');
    expect(details('word = "a"\nword.', 'upper')?.signature).toBe('str.upper() -> str');
    expect(details('word = "a"\nword.', 'split')?.signature).toBe(
      'str.split(separator?: str, limit?: int) -> List[str]',
    );
    const sprite = details('game.create_sprite(2, 2).', 'if_on_edge_bounce');
    expect(sprite?.signature).toBe('game.LedSprite.if_on_edge_bounce() -> None');
    expect(details('game.create_sprite(2, 2).', 'get')?.signature).toBe(
      'game.LedSprite.get(property: LedSpriteProperty) -> int',
    );
    expect(sprite?.documentation).not.toBe('');
    expect(details(list, 'nothing_like_it')).toBeNull();
  });

  it('explains a list’s and a text’s methods under the pointer, in Python names', () => {
    const text = 'names = ["ann"]\nnames.append("bo")\nword = "a"\nbasic.show_string(word.upper())\n';
    const hover = (offset: number) => services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset });
    const append = hover(text.indexOf('append') + 2);
    expect(append).toMatchObject({ from: text.indexOf('append'), to: text.indexOf('append') + 'append'.length });
    expect(append?.signature).toContain('append(');
    expect(append?.signature).not.toContain('push');
    expect(append?.documentation).not.toBe('');
    const upper = hover(text.indexOf('upper') + 1);
    expect(upper).toMatchObject({ from: text.indexOf('upper'), to: text.indexOf('upper') + 'upper'.length });
    expect(upper?.signature).toContain('upper(');
    expect(upper?.signature).not.toContain('toUpperCase');
  });

  it('helps with the arguments of a list’s, a text’s and self.x’s methods, in Python names', () => {
    const help = (text: string) =>
      services.answer({ op: 'signatureHelp', files: py(text), file: 'main.py', offset: text.length });
    const insert = help('scores = [1, 2]\nscores.insert(0, ');
    expect(insert).toMatchObject({ activeParameter: 1 });
    expect(insert?.signatures[0]?.prefix).toBe('insert(');
    expect(insert?.signatures[0]?.parameters.map((p) => p.label)).toEqual(['index: int', 'value: int']);
    expect(help('w = "a, b"\nbasic.show_string(w.split(')?.signatures[0]?.prefix).toBe('split(');
    const own =
      'class Ship:\n    def __init__(self):\n        self.body = game.create_sprite(1, 1)\n    def go(self):\n        self.body.turn(Direction.LEFT, ';
    const turn = help(own);
    expect(turn).toMatchObject({ activeParameter: 1 });
    expect(turn?.signatures[0]?.documentation).not.toBe('');
    expect(help('scores = [1]\nscores.nothing_like_it(')).toBeNull();
  });

  it('gives a completion’s signature and JSDoc with Python names', () => {
    const text = 'basic.show_n';
    const details = services.answer({
      op: 'completionDetails',
      files: py(text),
      file: 'main.py',
      offset: text.length,
      name: 'show_number',
    });
    expect(details?.signature).toBe('basic.show_number(value: int, interval?: int) -> None');
    expect(details?.signature).not.toContain('showNumber');
    expect(details?.documentation).toMatch(/number/i);
  });

  it('explains the API name under the pointer, in Python names and offsets', () => {
    const text = 'x = 1\nbasic.show_icon(IconNames.HEART)\n';
    const info = services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset: text.indexOf('icon') });
    expect(info).toMatchObject({ from: text.indexOf('basic'), to: text.indexOf('(') });
    expect(info?.signature).toContain('basic.show_icon(');
    const member = services.answer({
      op: 'quickInfo',
      files: py(text),
      file: 'main.py',
      offset: text.indexOf('HEART'),
    });
    expect(member?.signature).toContain('IconNames.HEART');
    expect(services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset: 3 })).toBeNull();
  });

  it('helps with the arguments of an API call, in Python names, with the current parameter', () => {
    const text = 'x = 1\nbasic.show_string("a, (b", ';
    const help = services.answer({ op: 'signatureHelp', files: py(text), file: 'main.py', offset: text.length });
    expect(help).toMatchObject({ from: text.indexOf('(') + 1, to: text.length, activeParameter: 1 });
    const signature = help!.signatures[help!.activeSignature]!;
    expect(signature.prefix).toContain('basic.show_string(');
    expect(signature.prefix).not.toContain('showString');
    expect(signature.parameters.map((p) => p.label.split(':')[0])).toEqual(['text', 'interval?']);
    expect(signature.documentation.length).toBeGreaterThan(0);
    const first = services.answer({ op: 'signatureHelp', files: py('music.play_tone('), file: 'main.py', offset: 16 });
    expect(first?.activeParameter).toBe(0);
    expect(first?.signatures[0]?.prefix).toContain('music.play_tone(');
    // Outside a call, in a string, or a name that is neither the API's nor the program's: no help.
    for (const [t, offset] of [
      ['basic.show_number(1)\n', 21],
      ['basic.show_string("Hi', 20],
      ['f(', 2],
      ['x = 1\nx(', 8],
    ] as const) {
      expect(services.answer({ op: 'signatureHelp', files: py(t), file: 'main.py', offset })).toBeNull();
    }
  });
});

describe('one set of Python words across hover and completion details', () => {
  const py = (text: string) => ({ 'main.ts': 'let stale = 1\n', 'main.py': text });
  const hover = (text: string, word: string) =>
    services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset: text.indexOf(word) + 1 })?.signature;
  const details = (text: string, name: string) =>
    services.answer({ op: 'completionDetails', files: py(text), file: 'main.py', offset: text.length, name })
      ?.signature;
  const complete = (text: string) =>
    services.answer({ op: 'completions', files: py(text), file: 'main.py', offset: text.length }).options;

  it('hovers API functions, enums, their members and namespaces in Python’s words', () => {
    const text =
      'basic.show_icon(IconNames.HEART)\ninput.on_button_pressed(Button.A, f)\nx = game.create_sprite(1, 1)\n';
    expect(hover(text, 'show_icon')).toBe('basic.show_icon(icon: IconNames, interval?: int) -> None');
    expect(hover(text, 'on_button_pressed')).toBe(
      'input.on_button_pressed(button: Button, body: Callable[[], None]) -> None',
    );
    expect(hover(text, 'create_sprite')).toBe('game.create_sprite(x: int, y: int) -> game.LedSprite');
    expect(hover(text, 'HEART')).toBe('IconNames.HEART = 0');
    expect(hover(text, 'IconNames')).toBe('enum IconNames');
    expect(hover(text, 'basic')).toBe('namespace basic');
  });

  it('hovers the methods of any value, along a chain, in Python’s words', () => {
    const text = 'names = ["a"]\nnames.remove_at(0)\nn = "abc".upper().split(",").pop().char_at(0)\n';
    expect(hover(text, 'remove_at')).toBe('List[str].remove_at(index: int) -> str');
    expect(hover(text, 'upper')).toBe('str.upper() -> str');
    expect(hover(text, 'split')).toBe('str.split(separator?: str, limit?: int) -> List[str]');
    expect(hover(text, 'char_at')).toBe('str.char_at(index: int) -> str');
  });

  it('gives completion details of namespaces, enums and their members in Python’s words', () => {
    expect(details('input.', 'on_button_pressed')).toBe(
      'input.on_button_pressed(button: Button, body: Callable[[], None]) -> None',
    );
    expect(details('IconNames.', 'HEART')).toBe('IconNames.HEART = 0');
    expect(details('Icon', 'IconNames')).toBe('enum IconNames');
  });

  it('writes the API’s docs in the words of its signature', () => {
    const picture = 'images.create_image("""\n# . . . #\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n""")';
    const text = `${picture}.scroll_image(1, 2)\nbasic.show_icon(IconNames.HEART)\n`;
    const at = (word: string) =>
      services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset: text.indexOf(word) + 1 });
    const scroll = at('scroll_image')?.documentation;
    expect(scroll).toContain('@param frame_offset');
    expect(scroll).toContain('`frame_offset` columns');
    expect(scroll).not.toContain('frameOffset');
    expect(at('show_icon')?.documentation).toContain('eg: IconNames.HEART');
    const call = 'basic.show_icon(';
    const help = services.answer({ op: 'signatureHelp', files: py(call), file: 'main.py', offset: call.length });
    expect(help?.signatures[0]?.parameters[0]?.documentation).toContain('IconNames.HEART');
    expect(details(`${picture}.`, 'scroll_image')).toContain('frame_offset');
    expect(
      services.answer({
        op: 'completionDetails',
        files: py(`${picture}.`),
        file: 'main.py',
        offset: `${picture}.`.length,
        name: 'scroll_image',
      })?.documentation,
    ).toContain('@param frame_offset');
  });

  it('keeps the names the learner gave their own parameters', () => {
    const text = 'def jump(myHeight: int):\n    pass\njump(';
    expect(hover(text, 'jump')).toBe('def jump(myHeight: int) -> None');
    const help = services.answer({ op: 'signatureHelp', files: py(text), file: 'main.py', offset: text.length });
    expect(help?.signatures[0]?.parameters.map((p) => p.label)).toEqual(['myHeight: int']);
    // A method of the learner's own class too, on hover, in the panel and while calling it.
    const box = 'class Box:\n    def grow(self, bySize: int):\n        pass\nb = Box()\nb.grow(';
    expect(hover(`${box}1)\n`, 'grow(1')).toBe('Box.grow(bySize: int) -> None');
    expect(details('class Box:\n    def grow(self, bySize: int):\n        pass\nb = Box()\nb.', 'grow')).toBe(
      'Box.grow(bySize: int) -> None',
    );
    const growing = services.answer({ op: 'signatureHelp', files: py(box), file: 'main.py', offset: box.length });
    expect(growing?.signatures[0]?.parameters.map((p) => p.label)).toEqual(['bySize: int']);
  });

  it('offers Python’s own text and list methods after a dot, ranked with the others, explained', () => {
    const text = complete('w = "a"\nw.');
    const labels = text.map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['find', 'isdigit', 'center', 'count', 'upper', 'split']));
    expect(new Set(labels).size).toBe(labels.length);
    const upper = text.find((o) => o.label === 'upper');
    expect(text.find((o) => o.label === 'find')).toEqual({ label: 'find', kind: 'method', sortText: upper?.sortText });
    const list = complete('a = [1, 2]\na.').map((o) => o.label);
    expect(list).toEqual(expect.arrayContaining(['count', 'clear', 'append']));
    expect(list).not.toContain('isdigit');
    // A sprite is neither text nor a list.
    expect(complete('game.create_sprite(1, 1).').map((o) => o.label)).not.toContain('find');
    expect(details('w = "a"\nw.', 'find')).toBe('str.find(sub: str) -> int');
    expect(details('a = [1, 2]\na.', 'count')).toBe('List.count(value) -> int');
    expect(
      services.answer({
        op: 'completionDetails',
        files: py('w = "a"\nw.'),
        file: 'main.py',
        offset: 'w = "a"\nw.'.length,
        name: 'center',
      })?.documentation,
    ).toContain('middle');
  });
});

describe('Python signature help on any value whose type is known', () => {
  const py = (text: string) => ({ 'main.ts': 'let stale = 1\n', 'main.py': text });
  const help = (text: string, offset = text.length) =>
    services.answer({ op: 'signatureHelp', files: py(text), file: 'main.py', offset });
  /** The active signature as one line, the active parameter in brackets. */
  const line = (text: string, offset = text.length) => {
    const answer = help(text, offset);
    const s = answer?.signatures[answer.activeSignature];
    if (!answer || !s) return null;
    const params = s.parameters.map((p, i) => (i === answer.activeParameter ? `[${p.label}]` : p.label));
    return `${s.prefix}${params.join(s.separator)}${s.suffix}`;
  };
  const PICTURE = 'images.create_image("""\n# . . . #\n. # . # .\n. . # . .\n. # . # .\n# . . . #\n""")';

  it('helps with a method of what a call gives back', () => {
    const text = 'game.create_sprite(2, 2).move(';
    const answer = help(text);
    expect(answer).toMatchObject({ from: text.length, to: text.length, activeParameter: 0 });
    expect(answer?.signatures[0]?.documentation).not.toBe('');
    expect(line(text)).toBe('move([leds: int]) -> None');
    // A picture over several lines, its method's parameters in snake_case.
    expect(line(`${PICTURE}.scroll_image(1, `)).toBe('scroll_image(frame_offset: int, [interval: int]) -> None');
    expect(line('x = game.create_sprite(1, 1).get(')).toBe('get([property: LedSpriteProperty]) -> int');
    // A class's own method with a list method's Python name is the class's.
    const own = 'class Box:\n    def append(self, size: int):\n        pass\nBox().append(';
    expect(line(own)).toBe('append([size: int]) -> None');
  });

  it('helps along a chain of several calls, in Python’s names and types', () => {
    expect(line('x = "abc".upper().split(",").pop().char_at(')).toBe('char_at([index: int]) -> str');
    expect(line('a = ["x"]\nok = a.pop().startswith(')).toBe('startswith([search_value: str], start?: int) -> bool');
    expect(line('a = [3, 1]\na.slice(0).sort(')).toBe('sort([compare?: Callable[[int, int], int]]) -> List[int]');
  });

  it('helps with Python’s own methods of text and lists that TypeScript has no member for', () => {
    expect(line('x = "abc".upper().find(')).toBe('find([sub: str]) -> int');
    expect(line('s = "7"\nok = s.strip().isdigit(')).toBe('isdigit() -> bool');
    expect(line('w = "ab"\nw = w.center(5, ')).toBe('center(width: int, [fillchar?: str]) -> str');
    expect(line('a = [1, 1]\nn = a.count(')).toBe('count([value]) -> int');
    expect(help('a = [1]\nn = a.isdigit(')).toBeNull();
  });

  it('helps after a subscript and a bracketed value', () => {
    expect(line('names = ["ann"]\ni = names[0].find(')).toBe('find([sub: str]) -> int');
    expect(line('grid = [[1], [2]]\ngrid[1].insert(0, ')).toBe('insert(index: int, [value: int]) -> None');
    expect(line('names = ["ann"]\nparts = (names[0] + ", bo").split(')).toBe(
      'split([separator?: str], limit?: int) -> List[str]',
    );
  });

  it('moves the active parameter with commas and helps with the innermost call in an argument', () => {
    const picture = `img = ${PICTURE}\n`;
    expect(line(`${picture}img.scroll_image(`)).toBe('scroll_image([frame_offset: int], interval: int) -> None');
    expect(line(`${picture}img.scroll_image(len("a, b".split(",")), `)).toBe(
      'scroll_image(frame_offset: int, [interval: int]) -> None',
    );
    expect(line(`${picture}img.scroll_image(len("ab".upper().split(`)).toBe(
      'split([separator?: str], limit?: int) -> List[str]',
    );
    // Arguments over several lines, and the program going on after the call.
    expect(line(`${picture}img.scroll_image(\n    1,\n    `)).toBe(
      'scroll_image(frame_offset: int, [interval: int]) -> None',
    );
    const middle = `${picture}img.scroll_image(1, 200)\nbasic.pause(100)\n`;
    expect(line(middle, middle.indexOf('200'))).toBe('scroll_image(frame_offset: int, [interval: int]) -> None');
    const unclosed = 'game.create_sprite(1, 1).move(\nbasic.pause(100)\n';
    expect(line(unclosed, unclosed.indexOf('\n'))).toBe('move([leds: int]) -> None');
  });

  it('helps in the header of an if, a while or a for, its colon typed or not yet', () => {
    const sprite = 's = game.create_sprite(1, 1)\ndef f():\n';
    const get = 'get([property: LedSpriteProperty]) -> int';
    const closed = `${sprite}    if s.get(LedSpriteProperty.X) > 1:\n        s.move(1)\n`;
    expect(line(closed, closed.indexOf('X)') + 1)).toBe(get);
    expect(line(`${sprite}    if s.get(`)).toBe(get);
    const noColon = `${sprite}    while s.get()\n    basic.pause(1)\n`;
    expect(line(noColon, noColon.indexOf('get(') + 4)).toBe(get);
    const loop = 'w = "a,b"\nfor part in w.upper().split(","):\n    basic.show_string(part)\n';
    expect(line(loop, loop.indexOf('split(') + 6)).toBe('split([separator?: str], limit?: int) -> List[str]');
  });

  it('gives nothing for a value nobody made, a method it lacks, or outside the call', () => {
    expect(help('nobody().move(')).toBeNull();
    expect(help('game.create_sprite(1, 1).fly(')).toBeNull();
    expect(help('x = 1.5.upper(')).toBeNull();
    expect(help('game.create_sprite(1, 1).move(1)\n')).toBeNull();
    expect(help('x = "a(b".find(', 'x = "a('.length)).toBeNull();
  });

  it('explains a method in a chain under the pointer', () => {
    const text = 'x = "abc".upper().find("b")\ny = game.create_sprite(2, 2).get(LedSpriteProperty.X)\n';
    const hover = (word: string) =>
      services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset: text.indexOf(word) + 1 });
    const find = hover('find(');
    expect(find).toMatchObject({
      from: text.indexOf('find'),
      to: text.indexOf('find') + 4,
      signature: 'str.find(sub: str) -> int',
    });
    expect(find?.documentation).toContain('-1');
    expect(hover('upper')?.signature).toContain('str.upper(');
    const get = hover('get(');
    expect(get).toMatchObject({ from: text.indexOf('get('), to: text.indexOf('get(') + 3 });
    expect(get?.signature).toContain('get(property: LedSpriteProperty)');
  });
});

describe('hover and signature help for the learner’s own Python', () => {
  const PROGRAM = `score = 0

# Shows a name a few times.
def greet(name: str, times):
    global score
    for i in range(times):
        basic.show_string(name)
    score += 1

def total(a: int, b: int):
    """Adds two numbers."""
    return a + b

def on_button_pressed_a():
    greet("Ann", 2)
    basic.show_number(total(1, 2))
input.on_button_pressed(Button.A, on_button_pressed_a)
`;
  const py = (text: string) => ({ 'main.ts': 'let stale = 1\n', 'main.py': text });
  const hover = (text: string, offset: number) =>
    services.answer({ op: 'quickInfo', files: py(text), file: 'main.py', offset });
  const help = (text: string) =>
    services.answer({ op: 'signatureHelp', files: py(text), file: 'main.py', offset: text.length });

  it('shows a def with its parameters’ types, its inferred return type and its comment', () => {
    const at = PROGRAM.indexOf('greet("Ann"');
    expect(hover(PROGRAM, at + 2)).toEqual({
      from: at,
      to: at + 'greet'.length,
      // `times` has no annotation: the converter typed it from the call.
      signature: 'def greet(name: str, times: int) -> None',
      documentation: 'Shows a name a few times.',
    });
    const total = hover(PROGRAM, PROGRAM.indexOf('total(1'));
    // TypeScript inferred the return type the Python does not write.
    expect(total?.signature).toBe('def total(a: int, b: int) -> int');
    expect(total?.documentation).toBe('Adds two numbers.');
    expect(hover(PROGRAM, PROGRAM.indexOf('def total') + 5)?.signature).toBe(total?.signature);
  });

  it('shows globals, parameters and loop variables as name: type', () => {
    expect(hover(PROGRAM, 1)?.signature).toBe('score: int');
    expect(hover(PROGRAM, PROGRAM.indexOf('score +='))?.signature).toBe('score: int');
    expect(hover(PROGRAM, PROGRAM.indexOf('name)'))?.signature).toBe('name: str');
    expect(hover(PROGRAM, PROGRAM.indexOf('times):'))?.signature).toBe('times: int');
    expect(hover(PROGRAM, PROGRAM.indexOf('i in'))?.signature).toBe('i: int');
    const list = 'names = ["a", "b"]\nbasic.show_string(names[0])\n';
    expect(hover(list, list.lastIndexOf('names'))?.signature).toBe('names: List[str]');
    const flags = 'ok = [True]\nhandler = None\nbasic.show_string(str(ok[0]))\n';
    expect(hover(flags, 1)?.signature).toBe('ok: List[bool]');
  });

  it('shows a handler the converter wrote inline from the Python alone', () => {
    const at = PROGRAM.indexOf('on_button_pressed_a)');
    expect(hover(PROGRAM, at)).toMatchObject({ from: at, signature: 'def on_button_pressed_a()' });
  });

  it('helps with the arguments of a def: TypeScript’s types in Python’s words, the Python’s docs', () => {
    const text = `${PROGRAM}greet("Bo", `;
    const answer = help(text);
    expect(answer).toMatchObject({ from: text.length - '"Bo", '.length, to: text.length, activeParameter: 1 });
    const signature = answer!.signatures[answer!.activeSignature]!;
    expect(signature.prefix).toBe('greet(');
    expect(signature.parameters.map((p) => p.label)).toEqual(['name: str', 'times: int']);
    expect(signature.suffix).toBe(') -> None');
    expect(signature.documentation).toBe('Shows a name a few times.');
    // Inside another call's argument list the innermost call is the one helped with.
    const nested = help(`${PROGRAM}greet("Bo", total(1, `);
    expect(nested?.signatures[0]?.prefix).toBe('total(');
    expect(nested?.activeParameter).toBe(1);
  });

  it('helps with a def inside a def from the Python alone', () => {
    const answer = help('def outer():\n    def inner(step: int):\n        pass\n    inner(');
    expect(answer?.signatures).toEqual([
      {
        prefix: 'inner(',
        separator: ', ',
        suffix: ')',
        documentation: '',
        parameters: [{ label: 'step: int', documentation: '' }],
      },
    ]);
  });
});
