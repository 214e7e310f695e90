import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { writeBlockXml } from '../model/write-blocks-xml.ts';
import { createBlockRegistry } from './block-registry.ts';
import { toBlocklyJson } from './blockly-json.ts';

const library = `
declare const enum Light {
  //% block="red"
  Red = 1,
  //% block="green"
  Green = 2,
}

/** Robot parts. */
//% color=#00A0A0 weight=95 icon="\\uf1b9" groups='["Move", "Sense"]'
declare namespace robot {
  /**
   * Drives forward.
   * @param speed how fast, eg: 50
   */
  //% blockId=robot_drive block="drive at %speed|\\%" speed.min=0 speed.max=100 group="Move" weight=90
  //% help=robot/drive
  function drive(speed: number): void;

  /** How far the wall is. */
  //% blockId=robot_distance block="distance (cm)" group="Sense" weight=80
  function distance(): number;

  /** Whether the light shows a colour. */
  //% blockId=robot_sees block="sees %light" group="Sense" weight=70
  function sees(light: Light): boolean;

  /**
   * Runs when the robot bumps into something.
   * @param handler what to do
   */
  //% blockId=robot_on_bump block="on bump $force" draggableParameters=reporter weight=100
  function onBump(handler: (force: number) => void): void;

  /**
   * Beeps.
   * @param pitch how high, eg: 440
   * @param ms how long, eg: 100
   */
  //% blockId=robot_beep block="beep|| at %pitch for %ms" group="Move" weight=10 advanced=true
  function beep(pitch?: number, ms?: number): void;

  //% blockId=robot_show block="show %leds" imageLiteral=1 group="Move"
  function show(leds: string): void;

  //% blockId=robot_hidden block="hidden" blockHidden=true
  function hidden(): void;
}

//% color=#123456 weight=5 advanced=true
declare namespace extras {
  //% blockId=extras_ping block="ping"
  function ping(): void;
}
`;

const registry = createBlockRegistry({ ts, library: [{ name: 'robot.d.ts', text: library }] });

describe('BlockRegistry', () => {
  it('makes statement, reporter and event blocks from the annotations', () => {
    expect(registry.definition('robot_drive')).toMatchObject({
      shape: 'statement',
      category: 'robot',
      colour: '#00A0A0',
      tooltip: 'Drives forward.',
      helpUrl: '/reference/robot/drive',
      lines: [{ message: 'drive at %1 %%', args: [{ type: 'input_value', name: 'speed', check: 'Number' }] }],
    });
    expect(registry.definition('robot_distance')).toMatchObject({ shape: 'reporter', output: 'Number' });
    expect(registry.definition('robot_sees')).toMatchObject({
      shape: 'reporter',
      output: 'Boolean',
      outputShape: 'hexagon',
      lines: [
        {
          message: 'sees %1',
          args: [
            {
              type: 'field_dropdown',
              name: 'light',
              options: [
                ['red', 'Light.Red'],
                ['green', 'Light.Green'],
              ],
            },
          ],
        },
      ],
    });
    expect(registry.definition('robot_on_bump')).toMatchObject({
      shape: 'hat',
      single: true,
      handlerArgs: [{ name: 'force', type: 'number' }],
      lines: [
        { message: 'on bump %1', args: [{ type: 'input_value', name: 'HANDLER_DRAG_PARAM_force', check: 'Number' }] },
        { message: '%1', args: [{ type: 'input_statement', name: 'HANDLER' }] },
      ],
    });
    expect(registry.definition('robot_beep')).toMatchObject({
      expandable: { mode: 'enabled', inputs: ['pitch', 'ms'] },
    });
    expect(registry.definition('robot_show')!.lines[0]!.args).toEqual([
      expect.objectContaining({ type: 'field_editor', editor: 'led-matrix', name: 'LEDS' }),
    ]);
    expect(registry.definition('robot_hidden')).toMatchObject({ hidden: true });
  });

  it('has the built-in blocks with MakeCode block ids', () => {
    for (const type of [
      'pxt-on-start',
      'controls_repeat_ext',
      'device_while',
      'pxt_controls_for',
      'pxt_controls_for_of',
      'controls_if',
      'logic_compare',
      'logic_operation',
      'logic_negate',
      'logic_boolean',
      'variables_set',
      'variables_change',
      'variables_get',
      'math_number',
      'math_arithmetic',
      'math_modulo',
      'math_op2',
      'math_op3',
      'math_js_op',
      'math_js_round',
      'text',
      'text_join',
      'text_length',
      'lists_create_with',
      'lists_index_get',
      'lists_index_set',
      'lists_length',
      'function_definition',
      'function_call',
      'function_call_output',
      'function_return',
      'typescript_statement',
    ]) {
      expect(registry.definition(type), type).toBeDefined();
    }
    // The language library's annotated methods are blocks too (text and arrays).
    expect(registry.apiBlockFor('Array.push')?.blockId).toBe('array_push');
    expect(registry.apiBlockFor('String.substr')?.blockId).toBe('string_substr');
  });

  it('builds the toolbox: ordinary categories by weight, then advanced; groups; the "more" blocks', () => {
    const names = registry.toolbox.categories.map((c) => `${c.advanced ? '+' : ''}${c.name}`);
    expect(names).toEqual([
      'Robot',
      'Loops',
      'Logic',
      'Variables',
      'Math',
      '+Functions',
      '+Arrays',
      '+Text',
      '+Extras',
    ]);
    const robot = registry.toolbox.categories[0]!;
    expect(robot).toMatchObject({ id: 'robot', colour: '#00A0A0', icon: '\uf1b9', weight: 95 });
    const entryNames = (entries: typeof robot.contents) =>
      entries.map((e) => (e.kind === 'block' ? e.type : `[${e.kind === 'label' ? e.text : e.action}]`));
    expect(entryNames(robot.contents)).toEqual([
      'robot_on_bump',
      '[Move]',
      'robot_drive',
      'robot_show',
      '[Sense]',
      'robot_distance',
      'robot_sees',
    ]);
    expect(entryNames(robot.more ?? [])).toEqual(['[Move]', 'robot_beep']);
  });

  it('gives toolbox blocks their shadows and default values', () => {
    expect(writeBlockXml(registry.toolboxBlock('robot_drive')!)).toBe(
      [
        '<block type="robot_drive">',
        '  <value name="speed">',
        '    <shadow type="math_number_minmax">',
        '      <mutation min="0" max="100"/>',
        '      <field name="SLIDER">50</field>',
        '    </shadow>',
        '  </value>',
        '</block>',
      ].join('\n'),
    );
    expect(registry.toolboxBlock('robot_sees')!.fields).toEqual([{ name: 'light', value: 'Light.Red' }]);
    expect(registry.toolboxBlock('robot_on_bump')!.inputs).toEqual([
      {
        kind: 'value',
        name: 'HANDLER_DRAG_PARAM_force',
        shadow: {
          type: 'argument_reporter_number',
          shadow: true,
          fields: [{ name: 'VALUE', value: 'force' }],
          inputs: [],
        },
      },
    ]);
    expect(registry.toolboxBlock('robot_beep')!.mutation?.attributes).toEqual({ _expanded: '0', _input_init: 'false' });
    // An optional input shown by expanding gets the same default shadow as everywhere else.
    expect(registry.defaultInput('robot_beep', 'pitch')).toEqual({
      shadow: { type: 'math_number', shadow: true, fields: [{ name: 'NUM', value: '440' }], inputs: [] },
    });
    expect(registry.defaultInput('robot_beep', 'nothing')).toBeUndefined();
  });

  it('keeps registries apart: each workspace has its own blocks', () => {
    const other = createBlockRegistry({ ts, library: [] });
    expect(other.definition('robot_drive')).toBeUndefined();
    expect(registry.definition('robot_drive')).toBeDefined();
    const fromMetadata = createBlockRegistry({
      metadata: JSON.parse(JSON.stringify(registry.metadata)) as typeof registry.metadata,
    });
    expect(fromMetadata.definitions).toEqual(registry.definitions);
    expect(fromMetadata.toolbox).toEqual(registry.toolbox);
  });

  it('sends the Help item to a help address the editor gives (an extension page) over help=', () => {
    const drive = registry.metadata.functions['robot.drive']!;
    const metadata = {
      ...registry.metadata,
      functions: { ...registry.metadata.functions, 'robot.drive': { ...drive, helpUrl: '/pkg/robot#robot-drive' } },
    };
    expect(createBlockRegistry({ metadata }).definition('robot_drive')?.helpUrl).toBe('/pkg/robot#robot-drive');
  });

  it('writes Blockly JSON for the standard parts of a definition', () => {
    expect(toBlocklyJson(registry.definition('robot_drive')!)).toEqual({
      type: 'robot_drive',
      message0: 'drive at %1 %%',
      args0: [{ type: 'input_value', name: 'speed', check: 'Number' }],
      previousStatement: null,
      nextStatement: null,
      colour: '#00A0A0',
      tooltip: 'Drives forward.',
      helpUrl: '/reference/robot/drive',
      inputsInline: true,
    });
    expect(toBlocklyJson(registry.definition('robot_show')!)['args0']).toEqual([
      {
        type: 'field_led_matrix',
        name: 'LEDS',
        value: '`\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n`',
        settings: { rows: '5', columns: '5' },
      },
    ]);
    expect(toBlocklyJson(registry.definition('robot_distance')!)).toMatchObject({ output: 'Number' });
  });
});
