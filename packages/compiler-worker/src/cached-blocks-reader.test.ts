import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBlocksXml } from '@blockyard/language';
import { describe, expect, it } from 'vitest';
import { createCachedBlocksReader, scanTopLevel } from './cached-blocks-reader.ts';

const NS = 'https://developers.google.com/blockly/xml';
const cases = join(import.meta.dirname, '..', '..', 'language', 'test', 'blocks', 'cases');
const goldenFiles = readdirSync(cases).filter((name) => name.endsWith('.blocks'));

function show(n: number, id: string, x = 0): string {
  return (
    `<block type="basic_show_number" id="${id}" x="${x}" y="0"><value name="number">` +
    `<shadow type="math_number"><field name="NUM">${n}</field></shadow></value></block>`
  );
}

/** What readBlocksXml does with `xml`: its workspace, or its error. */
function outcome(read: (xml: string) => unknown, xml: string): unknown {
  try {
    return { value: read(xml) };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** A small deterministic random source (tests must repeat). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('reading main.blocks again after an edit', () => {
  it('reads every golden case exactly as readBlocksXml does', () => {
    expect(goldenFiles.length).toBeGreaterThan(10);
    const reader = createCachedBlocksReader();
    for (const name of goldenFiles) {
      const xml = readFileSync(join(cases, name), 'utf8');
      expect({ name, ...(outcome(reader.read, xml) as object) }).toEqual({
        name,
        ...(outcome(readBlocksXml, xml) as object),
      });
    }
  });

  it('parses only the stacks that changed', () => {
    const reader = createCachedBlocksReader();
    const file = (n: number) =>
      `<xml xmlns="${NS}"><variables><variable id="v">x</variable></variables>` +
      `${show(1, 'a')}${show(n, 'b', 200)}${show(3, 'c', 400)}<comment x="1" y="2">hi</comment></xml>`;
    expect(reader.read(file(2))).toEqual(readBlocksXml(file(2)));
    expect(reader.lastParsed).toBe(3);
    expect(reader.read(file(5))).toEqual(readBlocksXml(file(5)));
    expect(reader.lastParsed).toBe(1);
    expect(reader.read(file(5))).toEqual(readBlocksXml(file(5)));
    expect(reader.lastParsed).toBe(0);
  });

  it('keeps what sits between and inside stacks: comments, CDATA, entities, quotes holding brackets', () => {
    const xml =
      `<xml xmlns="${NS}" extra='a>b'>\n  <!-- a note -->\n  <block type="t" id="q&quot;1" x="0" y="0">` +
      `<field name="F">&lt;&amp;&gt; <![CDATA[</block>]]></field><data>d</data></block>\n` +
      `  <toolbox-position side="left"/>\n  <shadow type="s"/>\n</xml>\n`;
    expect(scanTopLevel(xml)?.children.length).toBe(3);
    const reader = createCachedBlocksReader();
    expect(reader.read(xml)).toEqual(readBlocksXml(xml));
    expect(reader.read(xml)).toEqual(readBlocksXml(xml));
  });

  it('leaves files it is unsure of to readBlocksXml, with the same error for a bad file', () => {
    const reader = createCachedBlocksReader();
    for (const xml of [
      `<?xml version="1.0"?><xml xmlns="${NS}">${show(1, 'a')}</xml>`,
      `<xml xmlns="${NS}">stray text${show(1, 'a')}</xml>`,
      `<xml xmlns="${NS}">${show(1, 'a')}`,
      `<xml xmlns="${NS}"><block type="a"><next></block></xml>`,
      `<html><body/></html>`,
      `<xml/>`,
      '',
    ]) {
      expect(outcome(reader.read, xml)).toEqual(outcome(readBlocksXml, xml));
    }
  });

  it('agrees with readBlocksXml on damaged files', () => {
    const next = random(11);
    const base = readFileSync(join(cases, goldenFiles[0]!), 'utf8');
    const reader = createCachedBlocksReader();
    const pieces = ['<', '>', '/>', '</block>', '"', "'", '<!--', '-->', '<![CDATA[', '&amp;', ' ', '<block type="x">'];
    for (let run = 0; run < 300; run++) {
      let xml = base;
      for (let cut = 0; cut < 1 + Math.floor(next() * 3); cut++) {
        const at = Math.floor(next() * xml.length);
        const drop = Math.floor(next() * 4);
        xml = xml.slice(0, at) + pieces[Math.floor(next() * pieces.length)]! + xml.slice(at + drop);
      }
      expect(outcome(reader.read, xml)).toEqual(outcome(readBlocksXml, xml));
    }
  });
});
