// The real micro:bit library: every namespace with blocks gets a toolbox category, every
// annotated function a block, and every toolbox block its definition.
import { describe, expect, it } from 'vitest';
import { hasBlock } from '../../src/blocks/api/api-metadata.ts';
import { builtinBlockTypes } from '../../src/blocks/definitions/builtin-blocks.ts';
import { builtinCategoryId } from '../../src/blocks/definitions/builtin-categories.ts';
import { registry } from './harness.ts';

describe('the micro:bit library', () => {
  const functions = Object.values(registry.metadata.functions);

  it('has a category for every namespace that has blocks', () => {
    const categories = new Set(registry.toolbox.categories.map((c) => c.id));
    const withBlocks = new Set(
      functions
        .filter((f) => hasBlock(f) && !f.blockHidden && !f.deprecated && !f.identity)
        .map((f) => builtinCategoryId(f.category) ?? f.category),
    );
    expect([...withBlocks].filter((id) => !categories.has(id))).toEqual([]);
    for (const name of ['basic', 'input', 'music', 'led', 'radio', 'game', 'images', 'pins', 'serial', 'control']) {
      expect(categories.has(name), name).toBe(true);
    }
  });

  it("offers the math constants and MakeCode 9's icons, not the retired EigthNote", () => {
    const argsOf = (type: string) => registry.definition(type)!.lines.flatMap((line) => line.args);
    const constant = argsOf('Math__constant').find((a) => a.type === 'field_dropdown');
    expect(constant?.type === 'field_dropdown' && constant.options.map(([label]) => label)).toEqual([
      'π',
      'e',
      'ln(2)',
      'ln(10)',
      'log₂(e)',
      'log₁₀(e)',
      '√½',
      '√2',
    ]);
    const icon = argsOf('basic_show_icon').find((a) => a.type === 'field_editor');
    const values = icon?.type === 'field_editor' ? (icon.options ?? []).map(([, value]) => value) : [];
    expect(values).toContain('IconNames.EighthNote');
    expect(values).not.toContain('IconNames.EigthNote');
    // Still drawn on a block that holds it (a program from before the new spelling).
    expect(icon?.type === 'field_editor' && icon.retired).toEqual(['IconNames.EigthNote']);
  });

  it('has a block for every annotated function', () => {
    const missing = functions
      .filter((f) => hasBlock(f))
      .filter((f) => !registry.definition(f.blockId))
      .map((f) => f.qName);
    expect(missing).toEqual([]);
    for (const f of functions.filter((fn) => hasBlock(fn) && !builtinBlockTypes.has(fn.blockId))) {
      const definition = registry.definition(f.blockId!)!;
      expect(definition.colour, f.qName).toMatch(/^#[0-9A-Fa-f]{6}$|^\d+$/);
      if (f.help) expect(definition.helpUrl, f.qName).toBe(`/reference/${f.help}`);
    }
  });

  it('offers the blocks learners use most', () => {
    for (const type of [
      'device_show_leds',
      'device_print_message',
      'device_button_event',
      'device_forever',
      'device_show_number',
      'device_pause',
      'basic_show_icon',
      'device_gesture_event',
      'device_plot',
      'radio_set_group',
      'radio_datagram_send',
      'radio_on_number_drag',
      'device_set_digital_pin',
      'serial_writeline',
    ]) {
      expect(registry.toolboxBlock(type), type).toBeDefined();
    }
  });
});
