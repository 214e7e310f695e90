// The program JavaScript printed from the IR (the default) and the TypeScript transformer's output
// make the boards do the same: every example project and a few programs run on two boards with
// the same button presses, sensor values and gestures, and must give the same serial output, the
// same LED pictures at the same times and the same errors.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createMicrobitCompiler } from '../compiler.ts';
import { World } from './world.ts';

const compiler = createMicrobitCompiler(ts);
const examplesDir = join(import.meta.dirname, '..', '..', '..', '..', '..', 'content', 'examples');

type Step = (world: World) => void;
const script: [number, Step][] = [
  [300, (w) => w.board(1).click('A', 100)],
  [500, (w) => w.boards.forEach((b) => b.setState('temperature', 30))],
  [600, (w) => w.board(1).setState('compassHeading', 200)],
  [1300, (w) => w.board(1).click('B', 100)],
  [2300, (w) => w.board(2).click('A', 100)],
  [2800, (w) => w.board(1).performGesture(11)],
  [3300, (w) => w.board(1).click('AB', 100)],
  [3700, (w) => w.board(2).click('B', 100)],
];

/** What two boards do in 5 s: serial batches, each change of the LEDs, errors. */
function trace(files: Record<string, string>, emitter: 'ir' | 'transform'): string[] {
  const program = compiler.compile(files, { emitter }).program;
  if (!program) throw new Error('does not compile');
  const world = new World({ boards: 2, seed: 7 });
  const log: string[] = [];
  let now = 0;
  for (const board of world.boards) {
    board.serial.onBatch((batch) => log.push(`${board.id} ${batch.time} serial ${JSON.stringify(batch.data)}`));
  }
  world.start(program);
  const shown = world.boards.map(() => '');
  for (; now <= 5000; now += 20) {
    for (const [at, step] of script) if (at === now) step(world);
    world.advance(20);
    world.boards.forEach((board, i) => {
      const leds = board.display.rows().join('/');
      if (leds !== shown[i]) log.push(`${board.id} ${now} leds ${leds}`);
      shown[i] = leds;
    });
  }
  for (const board of world.boards) if (board.error) log.push(`${board.id} error ${board.error.describe()}`);
  world.stop();
  return log;
}

const programs: Record<string, string> = {
  'classes and closures on the board': `
class Counter {
    count = 0
    constructor(public label: string) { }
    bump(by: number) { this.count += by; return this }
}
let counters = [new Counter("a"), new Counter("b")]
input.onButtonPressed(Button.A, () => {
    for (const c of counters) c.bump(1)
    serial.writeValue(counters[0].label, counters[0].count)
})
input.onButtonPressed(Button.B, function () {
    counters.forEach((c, i) => { basic.showNumber(c.bump(i).count) })
})
`,
  'loops, switch and strings': `
let word = ""
for (let i = 0; i < 5; i++) {
    switch (i % 3) {
        case 0: word += "x"; break
        case 1: word += "y"
        default: word += "z"
    }
}
serial.writeLine(word)
let n = 0
basic.forever(function () {
    n++
    led.plot(n % 5, Math.idiv(n, 5) % 5)
    if (n % 7 == 0) serial.writeNumber(n)
    basic.pause(150)
})
`,
  'errors stop the program at the same place': `
let list: number[] = null
basic.showIcon(IconNames.Happy)
serial.writeLine("before")
serial.writeNumber(list.length)
`,
};

describe('the IR emitter and the TypeScript transformer drive the board the same way', () => {
  const examples = readdirSync(examplesDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  it('has the example projects', () => {
    expect(examples.length).toBeGreaterThan(5);
  });
  for (const example of examples) {
    it(`example ${example.name}`, () => {
      const dir = join(examplesDir, example.name);
      const files = Object.fromEntries(
        readdirSync(dir)
          .filter((f) => f.endsWith('.ts'))
          .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
      const viaIr = trace(files, 'ir');
      expect(viaIr.length).toBeGreaterThan(0);
      expect(viaIr).toEqual(trace(files, 'transform'));
    });
  }
  for (const [name, source] of Object.entries(programs)) {
    it(name, () => {
      const viaIr = trace({ 'main.ts': source }, 'ir');
      expect(viaIr.length).toBeGreaterThan(1);
      expect(viaIr).toEqual(trace({ 'main.ts': source }, 'transform'));
    });
  }
});
