import type * as Blockly from 'blockly/core';
import { describe, expect, it } from 'vitest';
import { headlessWorkspace } from '../test/headless.ts';
import { testRegistry } from '../test/test-library.ts';
import { variablesFlyout } from '../workspace/dynamic-flyouts.ts';
import { blockyardFields } from '../fields/blockyard-fields.ts';
import { BlocksEnvironment } from './blocks-environment.ts';
import { translateBuiltinLines } from './block-texts.ts';

const german = new BlocksEnvironment(testRegistry(), {
  fields: blockyardFields,
  texts: {
    categories: { loops: 'Schleifen' },
    buttons: { 'Make a Variable...': 'Eine Variable anlegen…' },
    builtin: { controls_repeat_ext: ['wiederhole %1 mal', 'mache %1'] },
  },
});

describe('translated block texts', () => {
  it('translates toolbox buttons, in the toolbox and in the Variables flyout Blockly fills later', () => {
    const variables = german.toolbox.categories.find((c) => c.id === 'variables');
    expect(variables?.contents.find((e) => e.kind === 'button')).toMatchObject({ text: 'Eine Variable anlegen…' });
    const flyout = variablesFlyout(headlessWorkspace(german) as Blockly.WorkspaceSvg, german);
    expect(flyout[0]).toMatchObject({ kind: 'button', text: 'Eine Variable anlegen…' });
    // The registry itself stays English: another environment of the same registry is unchanged.
    expect(german.registry.toolbox.categories.find((c) => c.id === 'variables')?.contents[0]).toMatchObject({
      text: 'Make a Variable...',
    });
  });

  it('finds built-in blocks by their translated words and categories by their translated name', () => {
    expect(german.search('wiederhole').map((found) => found.entry.type)).toContain('controls_repeat_ext');
    expect(german.search('schleifen').length).toBeGreaterThan(0);
  });

  it('keeps the English line when a translation changes its placeholders', () => {
    const lines = [{ message: 'repeat %1 times' }, { message: 'do %1' }];
    expect(translateBuiltinLines(lines, ['wiederhole mal', 'mache %1']).map((l) => l.message)).toEqual([
      'repeat %1 times',
      'mache %1',
    ]);
  });
});
