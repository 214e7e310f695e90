// One process of native-build's baseline comparison: warm device builds (compile, link V1 + V2,
// Universal Hex; V2 alone when too big for V1) with the code of the checkout at argv[2], so two
// checkouts can be measured alternately on the same loaded machine. Prints one JSON line:
// { "<size>": { cpu: [ms…], wall: [ms…] } }, each build one literal changed from the one before.
import { join } from 'node:path';
import type * as BoardModule from '@blockyard/board-microbit';
import type * as NativeModule from '@blockyard/native';
import type * as NodeFirmwareModule from '../../packages/native/test/support/node-firmware.ts';
import { programOfSize } from './programs.ts';

const root = process.argv[2]!;
const sizes = (process.argv[3] ?? '10,100,1000').split(',').map(Number);
const runs = Number(process.argv[4] ?? 10);
const warmups = 10;

// Typed as this checkout's modules: the entry points used here have the same shape in both.
type Board = typeof BoardModule;
type Native = typeof NativeModule;
type NodeFirmware = typeof NodeFirmwareModule;
const { createMicrobitCompiler } = (await import(join(root, 'packages/boards/microbit/src/index.ts'))) as Board;
const native = (await import(join(root, 'packages/native/src/index.ts'))) as Native;
const { nodeFirmwareLoader } = (await import(
  join(root, 'packages/native/test/support/node-firmware.ts')
)) as NodeFirmware;
const { default: ts } = await import('typescript');

const compiler = createMicrobitCompiler(ts);
const store = new native.FirmwareStore(nodeFirmwareLoader);
await Promise.all([store.get('v1'), store.get('v2')]);

async function build(size: number, variant: number): Promise<void> {
  const result = native.compileForDevice(compiler, { 'main.ts': programOfSize(size, variant) }, { name: 'bench' });
  if (!result.object) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  try {
    await native.buildDeviceImages(store, result.object);
  } catch (error) {
    if (!(error instanceof native.ProgramTooBigError)) throw error;
    native.writeVariantHex(native.linkVariant(await store.get('v2'), result.object));
  }
}

const out: Record<number, { cpu: number[]; wall: number[] }> = {};
for (const size of sizes) {
  for (let run = 0; run < warmups; run++) await build(size, 100 + run);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    await build(size, 200 + run);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  out[size] = { cpu, wall };
}
console.log(JSON.stringify(out));
