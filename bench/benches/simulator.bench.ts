// The simulator in headless Chromium on the built app (the /sim-test/ page, SimulatorPane with
// the real sandboxed frame), fresh profile per run:
// - start: the editor asks to run a program (compiler warm, no frame yet) until the frame
//   reports it running, and until the heart is on screen in the frame;
// - cold: from opening the page (TypeScript loads in the worker, first compile) to running;
// - restart: restart() until the frame reports running again;
// - updates: a program changing the LEDs every 16 ms for 3 s: LED states shown per second,
//   states dropped, and animation frames per second in the frame.
import type { Frame, Page } from 'playwright-core';
import { launchChromium } from '../../e2e/harness/chromium.ts';
import { startBuiltServer } from '../../e2e/harness/server.ts';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 5;
const restartsPerRun = 15;
const heart = 'basic.showIcon(IconNames.Heart)\n';
const flicker = [
  'while (true) {',
  '    basic.plotLeds(`',
  '        # . # . #',
  '        . # . # .',
  '        # . # . #',
  '        . # . # .',
  '        # . # . #',
  '        `)',
  '    basic.pause(16)',
  '    basic.plotLeds(`',
  '        . # . # .',
  '        # . # . #',
  '        . # . # .',
  '        # . # . #',
  '        . # . # .',
  '        `)',
  '    basic.pause(16)',
  '}',
].join('\n');

interface Hooks {
  blockyardSimTest?: {
    controller: {
      run(files: Record<string, string>): Promise<unknown>;
      restart(): void;
      getState(): { state: string };
      subscribe(listener: () => void): () => void;
    };
    compiler: { compile(files: Record<string, string>): Promise<unknown> };
  };
  blockyardSimFrame?: {
    runner: { boards: { presenter: { stats: { produced: number; presented: number; dropped: number } } }[] };
    animationFrames(): number;
  };
}

function simFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/sim/'));
  if (!frame) throw new Error('no simulator frame');
  return frame;
}

const startMs: number[] = [];
const heartMs: number[] = [];
const coldMs: number[] = [];
const restartMs: number[] = [];
const ledStatesPerSecond: number[] = [];
const droppedStates: number[] = [];
const frameFps: number[] = [];

const server = await startBuiltServer();
const browser = await launchChromium();
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // Cold: open the page, which compiles and runs the heart.
    const opened = Date.now();
    await page.goto(`${server.url}/sim-test/#${new URLSearchParams({ code: heart })}`);
    await page.waitForFunction(
      () => (window as Hooks).blockyardSimTest?.controller.getState().state === 'running',
      null,
      {
        timeout: 60_000,
        polling: 'raf',
      },
    );
    coldMs.push(Date.now() - opened);

    // Start: a fresh page with a warm compiler and no frame yet; the editor asks to run.
    await page.goto(`${server.url}/sim-test/#autorun=0&r=${run}`);
    await page.reload();
    await page.waitForFunction(() => (window as Hooks).blockyardSimTest !== undefined);
    await page.evaluate((code) => (window as Hooks).blockyardSimTest!.compiler.compile({ 'main.ts': code }), heart);
    const asked = Date.now();
    const inPage = await page.evaluate(async (code) => {
      const sim = (window as Hooks).blockyardSimTest!;
      const t0 = performance.now();
      const running = new Promise<number>((resolve) => {
        const stop = sim.controller.subscribe(() => {
          if (sim.controller.getState().state !== 'running') return;
          stop();
          resolve(performance.now() - t0);
        });
      });
      void sim.controller.run({ 'main.ts': code });
      return running;
    }, heart);
    startMs.push(inPage);
    await page.frameLocator('iframe[title="micro:bit simulator"]').locator('[data-leds*="heart"]').waitFor();
    heartMs.push(Date.now() - asked);

    // Restart latency, several times.
    for (let i = 0; i < restartsPerRun; i++) {
      restartMs.push(
        await page.evaluate(async () => {
          const sim = (window as Hooks).blockyardSimTest!;
          const t0 = performance.now();
          let left = false;
          const running = new Promise<number>((resolve) => {
            const stop = sim.controller.subscribe(() => {
              const state = sim.controller.getState().state;
              if (state !== 'running') left = true;
              else if (left) {
                stop();
                resolve(performance.now() - t0);
              }
            });
          });
          sim.controller.restart();
          return running;
        }),
      );
    }

    // Board updates: LEDs change every 16 ms for 3 s.
    await page.evaluate((code) => (window as Hooks).blockyardSimTest!.controller.run({ 'main.ts': code }), flicker);
    await page.waitForFunction(() => (window as Hooks).blockyardSimTest?.controller.getState().state === 'running');
    await page.waitForTimeout(300);
    const frame = simFrame(page);
    const read = () =>
      frame.evaluate(() => {
        const hooks = (window as Hooks).blockyardSimFrame!;
        return { ...hooks.runner.boards[0]!.presenter.stats, frames: hooks.animationFrames(), at: performance.now() };
      });
    const before = await read();
    await page.waitForTimeout(3000);
    const after = await read();
    const seconds = (after.at - before.at) / 1000;
    ledStatesPerSecond.push((after.presented - before.presented) / seconds);
    droppedStates.push(after.dropped - before.dropped);
    frameFps.push((after.frames - before.frames) / seconds);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const path = writeResult({
  name: 'simulator',
  description:
    'Built app, /sim-test/ page with SimulatorPane and the sandboxed frame, headless Chromium, fresh profile per run.',
  metrics: {
    startToRunningMs: summarize(startMs),
    startToHeartVisibleMs: summarize(heartMs),
    coldPageToRunningMs: summarize(coldMs),
    restartToRunningMs: summarize(restartMs),
    ledStatesShownPerSecond: summarize(ledStatesPerSecond),
    ledStatesDropped: summarize(droppedStates),
    frameAnimationFps: summarize(frameFps),
  },
  targets: {
    startToRunningMs: '< 300 ms after the editor asks (MakeCode here: about 3 s from an interactive editor)',
    restartToRunningMs: '< 100 ms',
    ledStatesShownPerSecond: '60 board updates per second',
    ledStatesDropped: '0',
  },
  notes: [
    'start: compiler warm (a compile of the same program first), no frame yet: includes compiling, creating the iframe, loading the simulator page, loading the program as a blob: module and starting it.',
    'The LED program changes the display every 16 ms (about 62 states per second); every state is shown for at least one animation frame unless the queue of 3 overflows.',
  ],
});
const median = (values: number[]) => summarize(values).median.toFixed(0);
console.log(
  `simulator: start ${median(startMs)} ms (heart visible ${median(heartMs)} ms), cold ${median(coldMs)} ms, restart ${median(restartMs)} ms, ` +
    `${summarize(ledStatesPerSecond).median.toFixed(1)} LED states/s, ${median(droppedStates)} dropped, ${summarize(frameFps).median.toFixed(1)} fps -> ${path}`,
);
