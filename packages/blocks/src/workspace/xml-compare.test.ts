import { describe, expect, it } from 'vitest';
import { compareBlocksXml } from './xml-compare.ts';

const file = (body: string) => `<xml xmlns="https://developers.google.com/blockly/xml">${body}</xml>`;

describe('compareBlocksXml', () => {
  it('ignores formatting, attribute order, field order and ids Blockly adds', () => {
    const a = file('<block type="t" x="1" y="2"><field name="A">1</field><field name="VAR">v</field></block>');
    const b = file(`
      <block y="2" x="1" type="t" id="new-id">
        <field name="VAR" id="var-id">v</field>
        <field name="A">1</field>
      </block>`);
    expect(compareBlocksXml(a, b)).toEqual([]);
  });

  it('finds a changed field, a lost input and a lost block', () => {
    const a = file(
      '<block type="t" x="0" y="0"><field name="A">1</field><value name="V"><shadow type="n"/></value><next><block type="u"/></next></block>',
    );
    expect(
      compareBlocksXml(
        a,
        file(
          '<block type="t" x="0" y="0"><field name="A">2</field><value name="V"><shadow type="n"/></value><next><block type="u"/></next></block>',
        ),
      ),
    ).toHaveLength(1);
    expect(
      compareBlocksXml(
        a,
        file('<block type="t" x="0" y="0"><field name="A">1</field><next><block type="u"/></next></block>'),
      ).length,
    ).toBeGreaterThan(0);
    expect(
      compareBlocksXml(
        a,
        file('<block type="t" x="0" y="0"><field name="A">1</field><value name="V"><shadow type="n"/></value></block>'),
      ).length,
    ).toBeGreaterThan(0);
  });

  it('keeps ids that the file had', () => {
    const a = file('<block type="t" id="keep" x="0" y="0"/>');
    expect(compareBlocksXml(a, file('<block type="t" id="other" x="0" y="0"/>'))).toHaveLength(1);
  });
});
