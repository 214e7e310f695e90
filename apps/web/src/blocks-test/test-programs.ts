// Programs the test page can open: the golden cases of @blockyard/language (main.blocks files and
// their baselines), one file per toolbox block, and a small default program.

import { type BlocksEnvironment } from '@blockyard/blocks';
import { type BlockNode, writeBlocksXml } from '@blockyard/language';

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
