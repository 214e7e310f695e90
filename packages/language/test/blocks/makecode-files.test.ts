// MakeCode-style main.blocks files (written here from the documented format: compact XML, the
// XHTML namespace of older projects, variable ids, `variabletype`, `timePicker` shadows, draggable
// handler arguments, functions) load and convert; and every block the converter writes matches
// its definition, so Blockly can load it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockNode, BlocksWorkspace } from '../../src/blocks/model/blocks-model.ts';
import { readBlocksXml } from '../../src/blocks/model/read-blocks-xml.ts';
import { baselinesDir } from './golden-cases.ts';
import { decompile, generate, normalize, registry } from './harness.ts';

const radioProject =
  '<xml xmlns="http://www.w3.org/1999/xhtml"><variables><variable id="Jd{)kP8@1,z/:7wW;b.k">message</variable>' +
  '<variable id="e2x!Vq[x3nHm]`5pQ=L#">counter</variable></variables>' +
  '<block type="radio_on_number_drag" x="20" y="20"><value name="HANDLER_DRAG_PARAM_receivedNumber">' +
  '<shadow type="argument_reporter_number"><field name="VALUE">receivedNumber</field></shadow></value>' +
  '<statement name="HANDLER"><block type="variables_set"><field name="VAR" id="e2x!Vq[x3nHm]`5pQ=L#" variabletype="">counter</field>' +
  '<value name="VALUE"><shadow type="math_number"><field name="NUM">0</field></shadow>' +
  '<block type="argument_reporter_number"><field name="VALUE">receivedNumber</field></block></value>' +
  '<next><block type="device_show_number"><value name="number"><shadow type="math_number"><field name="NUM">0</field></shadow>' +
  '<block type="variables_get"><field name="VAR" id="e2x!Vq[x3nHm]`5pQ=L#" variabletype="">counter</field></block></value>' +
  '</block></next></block></statement></block>' +
  '<block type="pxt-on-start" x="300" y="20"><statement name="HANDLER"><block type="radio_set_group">' +
  '<value name="ID"><shadow type="math_number"><field name="NUM">1</field></shadow></value>' +
  '<next><block type="variables_set"><field name="VAR" id="Jd{)kP8@1,z/:7wW;b.k" variabletype="">message</field>' +
  '<value name="VALUE"><shadow type="text"><field name="TEXT">hello</field></shadow></value></block></next></block></statement></block>' +
  '<block type="device_button_event" x="20" y="300"><field name="NAME">Button.A</field><statement name="HANDLER">' +
  '<block type="radio_datagram_send"><value name="value"><shadow type="math_number"><field name="NUM">0</field></shadow>' +
  '<block type="math_arithmetic"><field name="OP">ADD</field><value name="A"><shadow type="math_number"><field name="NUM">0</field></shadow>' +
  '<block type="variables_get"><field name="VAR" id="e2x!Vq[x3nHm]`5pQ=L#" variabletype="">counter</field></block></value>' +
  '<value name="B"><shadow type="math_number"><field name="NUM">1</field></shadow></value></block></value>' +
  '<next><block type="device_pause"><value name="pause"><shadow type="timePicker"><field name="ms">200</field></shadow></value>' +
  '</block></next></block></statement></block>' +
  '<block type="device_forever" x="300" y="300"><statement name="HANDLER"><block type="device_show_leds"><field name="LEDS">`\n' +
  '        . # . # .\n        # # # # #\n        # # # # #\n        . # # # .\n        . . # . .\n        `</field>' +
  '<next><block type="device_print_message"><value name="text"><shadow type="text"><field name="TEXT">Hello!</field></shadow>' +
  '<block type="variables_get"><field name="VAR" id="Jd{)kP8@1,z/:7wW;b.k" variabletype="">message</field></block></value>' +
  '</block></next></block></statement></block></xml>';

describe('MakeCode main.blocks files', () => {
  it('load and convert to the program MakeCode would write', () => {
    const workspace = readBlocksXml(radioProject);
    expect(workspace.attributes).toEqual({ xmlns: 'http://www.w3.org/1999/xhtml' });
    expect(workspace.variables.map((v) => v.name)).toEqual(['message', 'counter']);
    const result = generate(workspace);
    expect(result.diagnostics).toEqual([]);
    expect(result.code).toBe(
      [
        'let message: string = ""',
        'let counter: number = 0',
        'radio.onReceivedNumber(function (receivedNumber) {',
        '    counter = receivedNumber',
        '    basic.showNumber(counter)',
        '})',
        'input.onButtonPressed(Button.A, function () {',
        '    radio.sendNumber(counter + 1)',
        '    basic.pause(200)',
        '})',
        'radio.setGroup(1)',
        'message = "hello"',
        'basic.forever(function () {',
        '    basic.showLeds(`',
        '        . # . # .',
        '        # # # # #',
        '        # # # # #',
        '        . # # # .',
        '        . . # . .',
        '        `)',
        '    basic.showString(message)',
        '})',
        '',
      ].join('\n'),
    );
    // And back: the same program in blocks (the time picker becomes a number shadow).
    const again = generate(decompile(result.code).workspace).code;
    expect(again).toBe(result.code);
  });

  it('load functions with ids and typed arguments', () => {
    const xml =
      '<xml xmlns="https://developers.google.com/blockly/xml"><block type="function_definition" x="0" y="0">' +
      '<mutation name="flash" functionid="Z:7bIaOGF.?p5b0F)C,R"><arg name="times" id="5%Kj" type="number"/></mutation>' +
      '<field name="function_name">flash</field><statement name="STACK"><block type="controls_repeat_ext">' +
      '<value name="TIMES"><shadow type="math_whole_number"><field name="NUM">4</field></shadow>' +
      '<block type="argument_reporter_number"><field name="VALUE">times</field></block></value>' +
      '<statement name="DO"><block type="device_clear_display"/></statement></block></statement></block>' +
      '<block type="pxt-on-start" x="0" y="200"><statement name="HANDLER"><block type="function_call">' +
      '<mutation name="flash" functionid="Z:7bIaOGF.?p5b0F)C,R"><arg name="times" id="5%Kj" type="number"/></mutation>' +
      '<value name="5%Kj"><shadow type="math_number"><field name="NUM">3</field></shadow></value></block></statement></block></xml>';
    const workspace = readBlocksXml(xml);
    const code = generate(workspace).code;
    expect(code).toBe(
      [
        'function flash(times: number) {',
        '    for (let index = 0; index < times; index++) {',
        '        basic.clearScreen()',
        '    }',
        '}',
        'flash(3)',
        '',
      ].join('\n'),
    );
    expect(normalize(decompile(code).workspace)).toEqual(
      normalize({
        ...workspace,
        blocks: workspace.blocks.map((b) =>
          // A covered shadow comes back with the default value.
          b.type === 'function_definition' ? withWholeNumberShadow(b) : b,
        ),
      }),
    );
  });
});

function withWholeNumberShadow(block: BlockNode): BlockNode {
  const json = JSON.stringify(block).replace('"name":"NUM","value":"4"', '"name":"NUM","value":"0"');
  return JSON.parse(json) as BlockNode;
}

/** Input and field names a block may have beyond its definition's static ones. */
function dynamicName(block: BlockNode, name: string): boolean {
  if (block.type === 'controls_if') return /^(IF|DO)\d+$/.test(name) || name === 'ELSE';
  if (block.type === 'text_join' || block.type === 'lists_create_with') return /^ADD\d+$/.test(name);
  if (block.type === 'math_js_op') return name === 'ARG1';
  if (block.type.startsWith('function_call')) return true;
  if (block.type === 'function_definition') return name === 'STACK';
  return false;
}

function checkBlocks(workspace: BlocksWorkspace, file: string): string[] {
  const problems: string[] = [];
  const visit = (block: BlockNode | undefined) => {
    for (let b = block; b; b = b.next) {
      const definition = registry.definition(b.type);
      if (!definition) problems.push(`${file}: unknown block ${b.type}`);
      else {
        const names = new Set(
          definition.lines.flatMap((l) => l.args.flatMap((a) => ('name' in a && a.name ? [a.name] : []))),
        );
        for (const field of b.fields) {
          if (!names.has(field.name) && !dynamicName(b, field.name))
            problems.push(`${file}: ${b.type} has no field ${field.name}`);
        }
        for (const input of b.inputs) {
          if (!names.has(input.name) && !dynamicName(b, input.name))
            problems.push(`${file}: ${b.type} has no input ${input.name}`);
        }
      }
      for (const input of b.inputs) {
        visit(input.shadow);
        visit(input.block);
      }
    }
  };
  workspace.blocks.forEach(visit);
  return problems;
}

describe('blocks the converter writes', () => {
  it('use only the inputs and fields of their definitions (Blockly loads them)', () => {
    const problems: string[] = [];
    for (const file of readdirSync(baselinesDir).filter((f) => f.endsWith('.blocks'))) {
      problems.push(...checkBlocks(readBlocksXml(readFileSync(join(baselinesDir, file), 'utf8')), file));
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
