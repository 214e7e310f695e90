// Programs the test page can open: the golden cases of @blockyard/language (main.blocks files and
// their baselines), one file per toolbox block, and a small default program.

import { type BlocksEnvironment } from '@blockyard/blocks';
import { chain, type BlockNode, writeBlocksXml } from '@blockyard/language';

const golden = import.meta.glob<string>('../../../../packages/language/test/blocks/{cases,baselines}/*.blocks', {
  query: '?raw',
  import: 'default',
});

/** Golden case names (`cases/x.blocks`, `baselines/y.blocks`). */
export function goldenNames(): string[] {
  return Object.keys(golden)
    .map((path) => path.replace(/^.*\/test\/blocks\//, ''))
    .sort();
}

export async function goldenXml(name: string): Promise<string | undefined> {
  const entry = Object.entries(golden).find(([path]) => path.endsWith(`/test/blocks/${name}`));
  return entry ? entry[1]() : undefined;
}

function variablesOf(block: BlockNode, into: Set<string>): Set<string> {
  for (let b: BlockNode | undefined = block; b; b = b.next) {
    for (const field of b.fields) if (field.name === 'VAR') into.add(field.value);
    for (const input of b.inputs) {
      if (input.shadow) variablesOf(input.shadow, into);
      if (input.block) variablesOf(input.block, into);
    }
  }
  return into;
}

/** Each toolbox block alone in a file, as it comes out of the toolbox, with its variables declared. */
export function toolboxPrograms(environment: BlocksEnvironment): { name: string; xml: string }[] {
  const programs: { name: string; xml: string }[] = [];
  environment.registry.toolbox.categories.forEach((category) => {
    [...category.contents, ...(category.more ?? [])].forEach((entry, index) => {
      if (entry.kind !== 'block') return;
      const block: BlockNode = { ...entry.block, shadow: false, x: 20, y: 20 };
      const variables = [...variablesOf(block, new Set())].map((name) => ({ name, id: `v_${name}`, type: '' }));
      programs.push({
        name: `${category.id}/${index}/${entry.type}`,
        xml: writeBlocksXml({ variables, comments: [], blocks: [block] }),
      });
    });
  });
  return programs;
}

export const defaultProgram = `<xml xmlns="https://developers.google.com/blockly/xml">
  <block type="pxt-on-start" id="start" x="40" y="40">
    <statement name="HANDLER">
      <block type="basic_show_icon" id="icon">
        <field name="i">IconNames.Heart</field>
      </block>
    </statement>
  </block>
  <block type="device_forever" id="forever" x="360" y="40"/>
</xml>
`;

/**
 * A program with a block for each field editor, as they come out of the toolbox: the LED matrix,
 * the icon and pin pickers as statements, and melodies, notes and sound effects kept in variables.
 */
export function fieldEditorsProgram(environment: BlocksEnvironment): string {
  const registry = environment.registry;
  const statements = ['device_show_leds', 'basic_show_icon', 'device_set_digital_pin']
    .map((type) => registry.toolboxBlock(type))
    .filter((block): block is BlockNode => block !== undefined)
    .map((block) => ({ ...block, id: block.type }));
  const values = ['music_string_playable', 'music_tone_playable', 'soundExpression_createSoundExpression'];
  const variables = values.map((type, index) => ({ name: `sound${index + 1}`, id: `v${index + 1}`, type: '' }));
  values.forEach((type, index) => {
    const value = registry.toolboxBlock(type);
    if (!value) return;
    statements.push({
      type: 'variables_set',
      id: `set_${type}`,
      fields: [{ name: 'VAR', value: variables[index]!.name, attributes: { id: variables[index]!.id } }],
      inputs: [{ kind: 'value', name: 'VALUE', block: { ...value, id: type } }],
    });
  });
  const start: BlockNode = {
    type: 'pxt-on-start',
    id: 'start',
    x: 40,
    y: 40,
    fields: [],
    inputs: [{ kind: 'statement', name: 'HANDLER', ...(chain(statements) ? { block: chain(statements)! } : {}) }],
  };
  return writeBlocksXml({ variables, comments: [], blocks: [start] });
}
