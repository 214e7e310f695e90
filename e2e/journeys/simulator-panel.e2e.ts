// The simulator panel on a 1366x768 Chromebook and a 768x1024 tablet: every control a running
// program reads (sensors, gestures, pin levels and touches, each board of a radio program) can be
// reached and used, with the board still in view. The screenshots of each case are kept with the
// tests in e2e/screenshots/simulator-panel/ (refresh them with SAVE_PANEL_SCREENSHOTS=1).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, screenshotDir, useChromium } from '../harness/journey.ts';
import { repoRoot } from '../harness/server.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const screens = [
  { name: 'chromebook', width: 1366, height: 768 },
  { name: 'tablet', width: 768, height: 1024 },
] as const;

/** Reads every sensor and the three edge pins, and reacts to a touch of P0. */
const everything = [
  'input.onButtonPressed(Button.A, function () {',
  '    basic.showNumber(input.lightLevel() + input.temperature() + input.compassHeading())',
  '    basic.showNumber(input.soundLevel() + input.acceleration(Dimension.X))',
  '    basic.showNumber(pins.analogReadPin(AnalogPin.P0) + pins.analogReadPin(AnalogPin.P1))',
  '    basic.showNumber(pins.digitalReadPin(DigitalPin.P2))',
  '})',
  'input.onPinPressed(TouchPin.P0, function () {',
  '    basic.showIcon(IconNames.Heart)',
  '})',
  '',
].join('\n');

const radio = [
  'radio.setGroup(1)',
  'input.onButtonPressed(Button.A, function () {',
  '    radio.sendNumber(input.temperature())',
  '})',
  'radio.onReceivedNumber(function (receivedNumber) {',
  '    basic.showNumber(receivedNumber)',
  '})',
  '',
].join('\n');

async function openProgram(page: Page, baseUrl: string, name: string, code: string): Promise<EditorPage> {
  const home = new HomePage(page, baseUrl);
  await home.open();
  await home.createProject(name);
  const editor = new EditorPage(page, baseUrl);
  await editor.ready();
  await editor.setCode(code);
  await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 30_000 });
  // The new project's own program ran first: wait until the typed one runs and settles.
  await editor.simulatorFrame().getByRole('slider', { name: 'Temperature' }).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  // Typing in the code editor scrolls the page on a tablet: look at the simulator again.
  await page.getByRole('region', { name: 'Simulator' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  return editor;
}

/** Brought into view (the panel may scroll its controls), it lies inside the window. */
async function expectReachable(page: Page, control: Locator, what: string): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.y, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height, what).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(await control.isEnabled(), what).toBe(true);
}

/** The page itself does not scroll (the Chromebook layout fits the window). */
async function pageHeight(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0);
}

async function keepScreenshot(page: Page, name: string): Promise<void> {
  const path = join(screenshotDir, `simulator-panel--${name}.png`);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path });
  if (process.env['SAVE_PANEL_SCREENSHOTS'] === '1') {
    const kept = join(repoRoot, 'e2e', 'screenshots', 'simulator-panel');
    mkdirSync(kept, { recursive: true });
    copyFileSync(path, join(kept, `${name}.png`));
  }
}

describe('the simulator panel', () => {
  useChromium();

  for (const screen of screens) {
    journey(
      `${screen.name} ${screen.width}x${screen.height}: every sensor, gesture and pin the program reads can be used`,
      async ({ page, baseUrl }) => {
        const editor = await openProgram(page, baseUrl, 'Everything', everything);
        const frame = editor.simulatorFrame();
        const board = frame.getByRole('region', { name: 'micro:bit 1' });
        const controls: [string, Locator][] = [
          ['button A', board.getByRole('button', { name: 'Button A' })],
          ...['Light level', 'Temperature', 'Compass heading', 'Sound level'].map((name): [string, Locator] => [
            name,
            board.getByRole('slider', { name }),
          ]),
          ['gesture', board.getByRole('combobox', { name: 'Gesture' })],
          ['do the gesture', board.getByRole('button', { name: 'Do it' })],
          ...[0, 1, 2].flatMap((pin): [string, Locator][] => [
            [`P${pin} level`, board.getByRole('slider', { name: `P${pin} level` })],
            [`touch P${pin}`, board.getByRole('button', { name: `Touch P${pin}`, exact: true })],
          ]),
        ];
        for (const [what, control] of controls) await expectReachable(page, control, what);
        // The board stays in view while the controls scroll.
        await expectReachable(page, board.locator('svg').first(), 'the board');
        if (screen.name === 'chromebook') expect(await pageHeight(page)).toBeLessThanOrEqual(screen.height);

        // The pin controls work: a level the program reads, a touch it reacts to.
        const level = board.getByRole('slider', { name: 'P1 level' });
        await level.focus();
        await level.press('End');
        await expect.poll(() => board.locator('output').filter({ hasText: '1023' }).count()).toBeGreaterThan(0);
        const touch = board.getByRole('button', { name: 'Touch P0', exact: true });
        await touch.scrollIntoViewIfNeeded();
        const box = (await touch.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await expect.poll(() => touch.getAttribute('aria-pressed')).toBe('true');
        await page.mouse.up();
        await editor.waitForLeds('heart shape');

        await page.evaluate(() => window.scrollTo(0, 0));
        await board.getByRole('slider', { name: 'Light level' }).scrollIntoViewIfNeeded();
        await keepScreenshot(page, `${screen.name}-sensors-and-pins`);
      },
      { context: { viewport: { width: screen.width, height: screen.height } } },
    );

    journey(
      `${screen.name} ${screen.width}x${screen.height}: both boards of a radio program are on screen`,
      async ({ page, baseUrl }) => {
        const editor = await openProgram(page, baseUrl, 'Radio', radio);
        const frame = editor.simulatorFrame();
        await frame.getByRole('button', { name: 'Add a micro:bit' }).click();
        for (const n of [1, 2]) {
          const board = frame.getByRole('region', { name: `micro:bit ${n}` });
          await board.waitFor();
          await expectReachable(page, board.locator('svg').first(), `board ${n}`);
          await expectReachable(page, board.getByRole('button', { name: 'Button A' }), `button A of board ${n}`);
          await expectReachable(page, board.getByRole('slider', { name: 'Temperature' }), `temperature of board ${n}`);
        }
        // Both boards at once, side by side, without scrolling between them.
        const one = (await frame.getByRole('region', { name: 'micro:bit 1' }).locator('svg').first().boundingBox())!;
        const two = (await frame.getByRole('region', { name: 'micro:bit 2' }).locator('svg').first().boundingBox())!;
        expect(Math.abs(one.y - two.y)).toBeLessThan(2);
        if (screen.name === 'chromebook') expect(await pageHeight(page)).toBeLessThanOrEqual(screen.height);
        await page.evaluate(() => window.scrollTo(0, 0));
        await keepScreenshot(page, `${screen.name}-radio-two-boards`);
      },
      { context: { viewport: { width: screen.width, height: screen.height } } },
    );

    journey(
      `${screen.name} ${screen.width}x${screen.height}: the Thermometer example`,
      async ({ page, baseUrl }) => {
        const home = new HomePage(page, baseUrl);
        await home.open();
        await home.exampleButton('Thermometer').click();
        await page.locator('[aria-label="Simulator"][data-state="running"]').waitFor({ timeout: 30_000 });
        const editor = new EditorPage(page, baseUrl);
        const board = editor.simulatorFrame().getByRole('region', { name: 'micro:bit 1' });
        await expectReachable(page, board.getByRole('slider', { name: 'Temperature' }), 'temperature');
        await expectReachable(page, board.getByRole('button', { name: 'Button A' }), 'button A');
        await page.evaluate(() => window.scrollTo(0, 0));
        await keepScreenshot(page, `${screen.name}-thermometer`);
      },
      { context: { viewport: { width: screen.width, height: screen.height } } },
    );
  }
});
