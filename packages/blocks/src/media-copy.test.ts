// Blockly loads its media (sounds, cursors, sprites) from the app, never from the internet: the
// web app serves a copy of blockly/media. This fails when the copy and the installed Blockly
// drift apart (after an upgrade, copy node_modules/blockly/media to apps/web/public/blockly-media).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Blockly's exports do not include its folder; workspaces share the root node_modules.
const blocklyMedia = join(import.meta.dirname, '../../../node_modules/blockly/media');
const appMedia = join(import.meta.dirname, '../../../apps/web/public/blockly-media');

describe('the app serves Blockly media', () => {
  it('has every file of the installed Blockly, byte for byte', () => {
    const files = readdirSync(blocklyMedia).sort();
    expect(readdirSync(appMedia).sort()).toEqual(files);
    for (const file of files)
      expect(readFileSync(join(appMedia, file)).equals(readFileSync(join(blocklyMedia, file))), file).toBe(true);
  });
});
