import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockNode, BlocksWorkspace, XmlElement } from './blocks-model.ts';
import { BlocksXmlError, readBlocksXml } from './read-blocks-xml.ts';
import { writeBlocksXml } from './write-blocks-xml.ts';

const sample = `<xml xmlns="https://developers.google.com/blockly/xml">
  <variables>
    <variable id="a&amp;b" type="">my score</variable>
    <variable type="KIND_Colors" islocal="true">red</variable>
  </variables>
  <block type="pxt-on-start" id="start" x="10.5" y="-20" deletable="false">
    <data>note</data>
    <statement name="HANDLER">
      <block type="some_extension_block" id="x1" disabled="true">
        <mutation items="2" flag="a&#10;b&#9;c"><arg name="x" id="q" type="number"/><arg name="y"/></mutation>
        <field name="TEXT">  keep  spaces &lt;&gt; &amp; "quotes"
and lines</field>
        <field name="VAR" id="a&amp;b" variabletype="">my score</field>
        <comment pinned="true" h="80" w="160">a &lt;comment&gt;</comment>
        <value name="A">
          <shadow type="math_number"><field name="NUM">5</field></shadow>
          <block type="unknown_reporter"><field name="F">1</field></block>
        </value>
        <statement name="DO"/>
        <icons><comment>nested</comment></icons>
        <next>
          <block type="typescript_statement"><mutation numlines="1" line0="let s = &quot;a&quot; &amp;&amp; b &lt; c"/></block>
        </next>
      </block>
    </statement>
  </block>
  <comment id="c1" x="300" y="40" h="100" w="200">workspace
note</comment>
  <toolbox-position>left</toolbox-position>
</xml>`;

describe('Blockly XML', () => {
  it('reads everything, known or not, and writes it back the same', () => {
    const workspace = readBlocksXml(sample);
    expect(workspace.variables).toEqual([
      { name: 'my score', id: 'a&b', type: '' },
      { name: 'red', type: 'KIND_Colors', attributes: { islocal: 'true' } },
    ]);
    const start = workspace.blocks[0]!;
    expect(start).toMatchObject({
      type: 'pxt-on-start',
      id: 'start',
      x: 10.5,
      y: -20,
      attributes: { deletable: 'false' },
      data: 'note',
    });
    const inner = start.inputs[0]!.block!;
    expect(inner.attributes).toEqual({ disabled: 'true' });
    expect(inner.mutation).toEqual({
      attributes: { items: '2', flag: 'a\nb\tc' },
      children: [
        { tag: 'arg', attributes: { name: 'x', id: 'q', type: 'number' }, children: [] },
        { tag: 'arg', attributes: { name: 'y' }, children: [] },
      ],
    });
    expect(inner.fields[0]!.value).toBe('  keep  spaces <> & "quotes"\nand lines');
    expect(inner.fields[1]).toEqual({ name: 'VAR', value: 'my score', attributes: { id: 'a&b', variabletype: '' } });
    expect(inner.comment).toEqual({ text: 'a <comment>', attributes: { pinned: 'true', h: '80', w: '160' } });
    expect(inner.inputs.map((i) => [i.kind, i.name, i.shadow?.type, i.block?.type])).toEqual([
      ['value', 'A', 'math_number', 'unknown_reporter'],
      ['statement', 'DO', undefined, undefined],
    ]);
    expect(inner.extra).toEqual([
      { tag: 'icons', attributes: {}, children: [{ tag: 'comment', attributes: {}, children: ['nested'] }] },
    ]);
    expect(inner.next?.mutation?.attributes['line0']).toBe('let s = "a" && b < c');
    expect(workspace.comments).toEqual([
      { id: 'c1', x: 300, y: 40, text: 'workspace\nnote', attributes: { h: '100', w: '200' } },
    ]);
    expect(workspace.extra).toEqual([{ tag: 'toolbox-position', attributes: {}, children: ['left'] }]);
    expect(readBlocksXml(writeBlocksXml(workspace))).toEqual(workspace);
  });

  it('refuses what is not Blockly XML, with a plain message', () => {
    expect(() => readBlocksXml('<xml><block></xml>')).toThrow(BlocksXmlError);
    expect(() => readBlocksXml('<xml><block></xml>')).toThrow(/^The blocks file is not valid XML: /);
    expect(() => readBlocksXml('hello')).toThrow(/not valid XML/);
    expect(() => readBlocksXml('<html><body/></html>')).toThrow(
      'The blocks file does not hold Blockly blocks: its root element is <html>, not <xml>.',
    );
    expect(readBlocksXml('  ')).toEqual({ variables: [], blocks: [], comments: [] });
  });

  it('keeps carriage returns, tabs and line breaks in attributes and text', () => {
    const workspace: BlocksWorkspace = {
      variables: [{ name: 'a\tb' }],
      blocks: [
        {
          type: 't',
          mutation: { attributes: { line0: 'x\r\ny\tz' }, children: [] },
          fields: [{ name: 'F', value: 'one\r\ntwo\tthree' }],
          inputs: [],
        },
      ],
      comments: [],
    };
    expect(readBlocksXml(writeBlocksXml(workspace))).toMatchObject(workspace);
  });

  it('round-trips random workspaces exactly', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\t', '<', '&', '"', "'", '>', 'é', '😀', '\r') });
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,6}$/);
    const attributes = fc.dictionary(
      name.filter((n) => !['type', 'id', 'x', 'y', 'name'].includes(n)),
      text,
      { maxKeys: 2 },
    );
    const raw: fc.Arbitrary<XmlElement> = fc.record({ tag: name, attributes, children: fc.constant([]) });
    const block: fc.Memo<BlockNode> = fc.memo((depth) =>
      fc.record(
        {
          type: name,
          id: name,
          attributes,
          mutation: fc.record({ attributes, children: fc.array(raw, { maxLength: 2 }) }),
          fields: fc.array(fc.record({ name, value: text }), { maxLength: 3 }),
          inputs:
            depth <= 1
              ? fc.constant([])
              : fc.array(
                  fc.record(
                    {
                      kind: fc.constantFrom('value' as const, 'statement' as const),
                      name,
                      shadow: block(depth - 1).map((b) => ({ ...b, shadow: true })),
                      block: block(depth - 1),
                    },
                    { requiredKeys: ['kind', 'name'] },
                  ),
                  { maxLength: 2 },
                ),
          next: depth <= 1 ? fc.constant(undefined) : block(depth - 1),
          comment: fc.record({ text }),
          data: text,
        },
        { requiredKeys: ['type', 'fields', 'inputs'] },
      ),
    );
    const workspace = fc.record({
      variables: fc.array(fc.record({ name: text, id: name, type: text }, { requiredKeys: ['name'] }), {
        maxLength: 3,
      }),
      blocks: fc.array(block(3), { maxLength: 3 }),
      comments: fc.array(fc.record({ text, x: fc.integer(), y: fc.integer() }, { requiredKeys: ['text'] }), {
        maxLength: 2,
      }),
    });
    fc.assert(
      fc.property(workspace, (w) => {
        const cleaned = JSON.parse(JSON.stringify(w)) as BlocksWorkspace;
        expect(readBlocksXml(writeBlocksXml(cleaned))).toEqual(normalize(cleaned));
      }),
      { numRuns: 200 },
    );
  });
});

/** What reading gives back for a written workspace: empty records and attributes are left out. */
function normalize(workspace: BlocksWorkspace): BlocksWorkspace {
  const block = (b: BlockNode): BlockNode => {
    const { attributes, next, mutation, inputs, ...rest } = b;
    return {
      ...rest,
      ...(attributes && Object.keys(attributes).length ? { attributes } : {}),
      ...(mutation ? { mutation: { attributes: mutation.attributes, children: mutation.children } } : {}),
      inputs: inputs.map((i) => ({
        ...i,
        ...(i.shadow ? { shadow: block(i.shadow) } : {}),
        ...(i.block ? { block: block(i.block) } : {}),
      })),
      ...(next ? { next: block(next) } : {}),
    };
  };
  return {
    attributes: { xmlns: 'https://developers.google.com/blockly/xml' },
    variables: workspace.variables.map((v) => ({ ...v })),
    blocks: workspace.blocks.map(block),
    comments: workspace.comments.map((c) => ({ ...c })),
  };
}
