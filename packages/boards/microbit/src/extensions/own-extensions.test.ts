import { listedFiles, parseProjectConfig, validateForPublish } from '@blockyard/core';
import { readExtensionApi } from '@blockyard/language';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '../compiler.ts';
import { runHeadless } from '../headless/run-headless.ts';
import { PIN_ID_BASE } from '../state/pins.ts';

/** Our own extensions (content/extensions/<name>/, issue 17): each is a real, working package. */
const extensionsDir = join(import.meta.dirname, '..', '..', '..', '..', '..', 'content', 'extensions');
const names = readdirSync(extensionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const compiler = createMicrobitCompiler(ts);

function readExtension(name: string) {
  const dir = join(extensionsDir, name);
  const configText = readFileSync(join(dir, 'pxt.json'), 'utf8');
  const config = parseProjectConfig(configText, name);
  const files: Record<string, string> = { 'pxt.json': configText };
  for (const file of listedFiles(config)) files[file] = readFileSync(join(dir, file), 'utf8');
  return { config, files };
}

/** The extension's sources in pxt.json order, then its test program as main.ts (runs last). */
function compileWithTest(files: Record<string, string>, config: { files: readonly string[] }) {
  const program: Record<string, string> = {};
  for (const file of config.files) if (file.endsWith('.ts')) program[file] = files[file]!;
  program['main.ts'] = files['test.ts']!;
  return compiler.compile(program);
}

describe.each(names)('our extension %s', (name) => {
  it('has a publishable pxt.json, a README and a test program', () => {
    const { config, files } = readExtension(name);
    expect(() => validateForPublish(config, files)).not.toThrow();
    expect(config.dependencies).toHaveProperty('core', '*');
    expect(files['README.md']).toBeDefined();
    expect(config.testFiles).toContain('test.ts');
  });

  it('adds a category of blocks, all runnable in the simulator', () => {
    const { files } = readExtension(name);
    const api = readExtensionApi(ts, files);
    expect(api.categories.length).toBeGreaterThan(0);
    expect(api.blocks.length).toBeGreaterThan(0);
    expect(api.boardOnly).toEqual([]);
  });

  it('compiles with its test program and runs without an error', () => {
    const { config, files } = readExtension(name);
    const result = compileWithTest(files, config);
    expect(result.diagnostics).toEqual([]);
    const run = runHeadless({ program: result.program!, timeMs: 1000 });
    expect(run.boards[0]!.error).toBeUndefined();
    expect(run.lines.length).toBeGreaterThan(0);
  });
});

describe('servo-kit', () => {
  it('turns servos to clamped angles and maps speed to an angle', () => {
    const { config, files } = readExtension('servo-kit');
    const result = compileWithTest(files, config);
    const run = runHeadless({ program: result.program!, timeMs: 1000 });
    expect(run.lines.map((line) => line.text)).toEqual(['angle 45', 'angle clamped', 'run -50']);
    const pins = run.world.boards[0]!.pins;
    expect(pins.get(PIN_ID_BASE + 0)).toMatchObject({ mode: 'servo', output: 45 });
    expect(pins.get(PIN_ID_BASE + 1)).toMatchObject({ mode: 'servo', output: 180 });
    expect(pins.get(PIN_ID_BASE + 2)).toMatchObject({ mode: 'servo', output: 45 });
  });

  it('shows its blocks under "Servos" with their groups', () => {
    const api = readExtensionApi(ts, readExtension('servo-kit').files);
    expect(api.categories.map((ns) => ns.label)).toEqual(['Servos']);
    expect(api.blocks.map((fn) => [fn.blockId, fn.group])).toEqual([
      ['servos_set_angle', 'Position'],
      ['servos_run', 'Speed'],
      ['servos_stop', 'Speed'],
    ]);
  });
});

describe('distance-sensor', () => {
  it('turns echo time into centimetres, and reads 0 when no sensor answers', () => {
    const { config, files } = readExtension('distance-sensor');
    const result = compileWithTest(files, config);
    const run = runHeadless({ program: result.program!, timeMs: 2000 });
    expect(run.lines.map((line) => line.text)).toEqual(['echo 580 = 10', 'echo 0 = 0', 'no sensor = 0', 'nearer = no']);
    expect(run.world.boards[0]!.pins.get(PIN_ID_BASE + 1)).toMatchObject({ mode: 'digital-out', output: 0 });
  });

  it('keeps its arithmetic block under Advanced', () => {
    const api = readExtensionApi(ts, readExtension('distance-sensor').files);
    expect(api.blocks.map((fn) => [fn.blockId, fn.advanced])).toEqual([
      ['distance_read_cm', false],
      ['distance_is_nearer', false],
      ['distance_from_echo', true],
    ]);
  });
});

describe('led-strip', () => {
  it('sends its colours to a strip the simulator draws, brightness applied', () => {
    const { config, files } = readExtension('led-strip');
    const result = compileWithTest(files, config);
    const run = runHeadless({ program: result.program!, timeMs: 1000 });
    expect(run.lines.map((line) => line.text)).toEqual(['first 16711680', 'second 255', 'third 16714240']);
    const strips = run.world.boards[0]!.lightStrips.list();
    expect(strips.map((strip) => strip.pin)).toEqual([PIN_ID_BASE + 0]);
    // Half brightness: red 0x800000, blue 0x000080, (255, 10, 0) -> (128, 5, 0), then the rainbow.
    expect(strips[0]!.colours.map((c) => c.toString(16).padStart(6, '0'))).toEqual([
      '800000',
      '000080',
      '800500',
      '008080',
      '000080',
    ]);
    expect(run.world.boards[0]!.pins.get(PIN_ID_BASE + 0)).toMatchObject({ mode: 'digital-out' });
  });

  it('shows its blocks under "LED strip" and nothing is board-only', () => {
    const api = readExtensionApi(ts, readExtension('led-strip').files);
    expect(api.categories.map((ns) => ns.label)).toEqual(['LED strip']);
    expect(api.blocks.map((fn) => fn.blockId)).toEqual(
      expect.arrayContaining(['ledstrip_create', 'ledstrip_show', 'ledstrip_set_pixel', 'ledstrip_brightness']),
    );
  });
});
