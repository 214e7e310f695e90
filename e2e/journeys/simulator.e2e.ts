import { BOARD_HEIGHT, BOARD_WIDTH, ledCentre } from '@blockyard/board-microbit/view';
import { type RgbaImage, decodePng } from '@blockyard/core';
import { describe, expect } from 'vitest';
import { probeAll } from '../harness/escape-probe.ts';
import { journey, useChromium } from '../harness/journey.ts';
import { SimulatorTestPage } from '../pages/simulator-page.ts';

const HEART = ['.#.#.', '#####', '#####', '.###.', '..#..'];

/** Which LEDs look lit in a picture of the board (red and bright at each LED's centre). */
function litLeds(image: RgbaImage): string[] {
  const sx = image.width / BOARD_WIDTH;
  const sy = image.height / BOARD_HEIGHT;
  return [0, 1, 2, 3, 4].map((y) =>
    [0, 1, 2, 3, 4]
      .map((x) => {
        const { cx, cy } = ledCentre(x, y);
        const i = (Math.round(cy * sy) * image.width + Math.round(cx * sx)) * 4;
        const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
        return r > 200 && g < 130 && b < 130 ? '#' : '.';
      })
      .join(''),
  );
}

describe('the simulator', () => {
  useChromium();

  journey('a heart program shows the heart', async ({ page, baseUrl }) => {
    const sim = new SimulatorTestPage(page, baseUrl);
    await sim.open('basic.showIcon(IconNames.Heart)\n');
    await sim.waitForLeds('LED display: heart shape');
    // The frame is sandboxed without same-origin: the program runs in an opaque origin.
    expect(await sim.frameElement().getAttribute('sandbox')).toBe('allow-scripts');
    const picture = decodePng(await sim.drawing().screenshot());
    expect(litLeds(picture)).toEqual(HEART);
  });

  journey('clicking A changes the display, and so does the A key', async ({ page, baseUrl, snap }) => {
    const sim = new SimulatorTestPage(page, baseUrl);
    await sim.open(
      [
        'let smiling = false',
        'input.onButtonPressed(Button.A, function () {',
        '    smiling = !smiling',
        '    if (smiling) {',
        '        basic.showIcon(IconNames.Happy)',
        '    } else {',
        '        basic.showIcon(IconNames.Sad)',
        '    }',
        '})',
        'basic.showIcon(IconNames.Heart)',
      ].join('\n'),
    );
    await sim.waitForLeds('heart shape');
    await sim.button('Button A').click();
    await sim.waitForLeds('happy face shape');
    await snap('after-click');
    // The keyboard: with the simulator focused, the A key presses button A.
    await sim.button('Button A').focus();
    await page.keyboard.press('a');
    await sim.waitForLeds('sad face shape');
    // Space on the focused button works too.
    await page.keyboard.press('Space');
    await sim.waitForLeds('happy face shape');
  });

  journey('the chart plots values written to serial, and the console shows them', async ({ page, baseUrl, snap }) => {
    const sim = new SimulatorTestPage(page, baseUrl);
    await sim.open(
      [
        'let n = 0',
        'basic.forever(function () {',
        '    n += 1',
        '    serial.writeValue("x", n % 10)',
        '    serial.writeValue("y", 10 - n % 10)',
        '    basic.pause(50)',
        '})',
      ].join('\n'),
    );
    await page.waitForTimeout(1200);
    expect((await sim.serialLines()).slice(0, 4)).toEqual(['x:1', 'y:9', 'x:2', 'y:8']);
    await sim.chartTab().click();
    await sim.chart().waitFor();
    const x = sim.chart().locator('polyline[data-series="x"]');
    const points = ((await x.getAttribute('points')) ?? '').split(' ').filter(Boolean);
    expect(points.length).toBeGreaterThan(10);
    expect(await sim.chart().locator('polyline[data-series="y"]').count()).toBe(1);
    expect(await sim.pane().getByText(/^x:/).count()).toBe(1);
    await snap('chart');
  });

  journey('a screenshot of the board is a PNG of the expected size with the lit LEDs', async ({ page, baseUrl }) => {
    const sim = new SimulatorTestPage(page, baseUrl);
    await sim.open('basic.showIcon(IconNames.Heart)\n');
    await sim.waitForLeds('heart shape');
    // A given width is used as it is; the height keeps the board's 1.22 aspect ratio.
    const asked = await sim.screenshot(366);
    const picture = decodePng(asked.data);
    expect([picture.width, picture.height]).toEqual([366, 300]);
    expect(litLeds(picture)).toEqual(HEART);
    // Without a width the board's width on screen is used (it is between 200 and 480 px here).
    const natural = await sim.drawing().boundingBox();
    const plain = decodePng((await sim.screenshot()).data);
    expect(plain.width).toBe(Math.round(natural?.width ?? 0));
    expect(litLeds(plain)).toEqual(HEART);
  });

  journey('a program cannot reach the editor’s storage, cookies or databases', async ({ page, baseUrl, context }) => {
    const sim = new SimulatorTestPage(page, baseUrl);
    // The editor's secrets, on the editor's origin.
    await page.goto(new URL('/', baseUrl).toString());
    await context.addCookies([{ name: 'session', value: 'SECRET-COOKIE', url: baseUrl }]);
    await page.evaluate(async () => {
      localStorage.setItem('secret', 'SECRET-STORAGE');
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('blockyard-secrets', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('s').put('SECRET-DB', 'k');
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error ?? new Error('indexedDB'));
      });
    });
    // Code that got past the compiler (which refuses `declare`d host globals) and the runtime
    // would run in the program worker, or, taken over, in the frame page: neither may read them.
    await sim.open('basic.forever(function () {\n    basic.pause(100)\n})');
    const programWorker = () => page.workers().find((w) => w.url().startsWith('blob:'));
    await expect.poll(() => programWorker() !== undefined, { timeout: 10_000 }).toBe(true);
    const worker = programWorker();
    if (!worker) throw new Error('no program worker');
    const frame = page.frames().find((f) => f.url().includes('/sim/'));
    if (!frame) throw new Error('no simulator frame');
    const fromWorker = await probeAll(worker, {
      storage: 'localStorage.getItem("secret")',
      cookie: 'document.cookie',
      db: 'indexedDB.open("blockyard-secrets")',
      parent: 'parent.localStorage.getItem("secret")',
    });
    const fromFrame = await probeAll(frame, {
      'parent-storage': 'parent.localStorage.getItem("secret")',
      'top-storage': 'top.localStorage.getItem("secret")',
      'own-storage': 'localStorage.getItem("secret")',
      'parent-cookie': 'parent.document.cookie',
      'own-cookie': 'document.cookie',
      'parent-db': 'parent.indexedDB.open("blockyard-secrets")',
      'own-db': 'indexedDB.open("blockyard-secrets")',
    });
    expect(JSON.stringify([fromWorker, fromFrame])).not.toMatch(/SECRET/);
    expect(fromWorker).toEqual({ storage: 'blocked', cookie: 'blocked', db: 'blocked', parent: 'blocked' });
    expect(fromFrame).toEqual({
      'parent-storage': 'blocked',
      'top-storage': 'blocked',
      'own-storage': 'blocked',
      'parent-cookie': 'blocked',
      'own-cookie': 'blocked',
      'parent-db': 'blocked',
      'own-db': 'blocked',
    });
  });

  describe('radio', () => {
    journey('two boards exchange radio numbers', async ({ page, baseUrl, snap }) => {
      const sim = new SimulatorTestPage(page, baseUrl);
      await sim.open(
        [
          'radio.setGroup(7)',
          'input.onButtonPressed(Button.A, function () {',
          '    radio.sendNumber(7)',
          '})',
          'radio.onReceivedNumber(function (receivedNumber) {',
          '    basic.showNumber(receivedNumber)',
          '})',
          'basic.showIcon(IconNames.Heart)',
        ].join('\n'),
      );
      await sim.addBoardButton().click();
      await sim.board(2).waitFor();
      await sim.waitForLeds('heart shape', 2);
      await sim.button('Button A', 1).click();
      await sim.waitForLeds('row 1 on at', 2);
      expect(await sim.ledDescription(1).textContent()).toContain('heart');
      await snap('two-boards');
    });
  });
});
