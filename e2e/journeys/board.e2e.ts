// Sending a program straight to a micro:bit (issue 15), against the emulated board the page flag
// device=emulated puts behind Connect: the same WebUSB code path as a real board, down to
// CMSIS-DAP packets. Pair by keyboard past a board another tab holds, flash with progress, flash
// again, fall back to the file after Disconnect; and recover from a board that will not start. The
// board's flash is compared with the file, page by page; its serial output (over USB, and over
// Bluetooth's UART service) shows in the console and chart.
import { readFileSync } from 'node:fs';
import { flashImageFor } from '@blockyard/device';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, useChromium } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const program = (n: number) => `basic.forever(function () {\n    basic.showNumber(${n})\n})\n`;

interface BoardProbe {
  flashBytes(): Uint8Array;
  bluetooth: { device: { inject(fault: string): void; clearFaults(): void } };
  applyStandingFault(fault: { kind: string; atPercent: number; replugAfterMs: number | null }): void;
  release(): void;
  unplug(replugAfterMs?: number | null): void;
  plugIn(): void;
  target: {
    applicationRunning: boolean;
    stuckInBootloader: boolean;
    pairingMode: boolean;
    lastCheck: { kind: string };
  };
}

/**
 * Whether `element` is wholly on screen and nothing covers it (the bottom bar, a scrolling
 * column's edge): the points just inside its corners are the element itself.
 */
function whollyVisible(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
    const corners = [
      [box.left + 3, box.top + 3],
      [box.right - 3, box.top + 3],
      [box.left + 3, box.bottom - 3],
      [box.right - 3, box.bottom - 3],
    ] as const;
    return corners.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === node || node.contains(hit));
    });
  });
}

/** The bottom bar's rows: 1 when everything on it sits side by side (each button is one line tall). */
async function barRows(tools: Locator): Promise<number> {
  const bar = (await tools.boundingBox())!;
  // By class: while a flash's dialog is open the bar is inert (out of the accessibility tree).
  const button = (await tools.locator('.editor-download').boundingBox())!;
  return Math.floor(bar.height / button.height);
}

/** Runs `body` on the emulated board inside the page. */
function onBoard<T>(page: Page, body: (board: BoardProbe) => T): Promise<T> {
  return page.evaluate<T>(`(${body.toString()})(window.__blockyardEmulatedBoard)`);
}

describe('sending a program to a micro:bit over USB', () => {
  useChromium();

  journey(
    'connect by keyboard past a busy board, flash with progress, then fall back to the file',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.goto('/?device=emulated');
      await home.createProject('Blinky');
      const editor = new EditorPage(page, baseUrl);
      await editor.setCode(program(4));
      await editor.waitUntilSaved();
      const tools = page.getByRole('contentinfo', { name: 'Editor tools' });

      // Another tab holds the board: plain help, and Try again works once it lets go.
      await onBoard(page, (board) => board.applyStandingFault({ kind: 'busy', atPercent: 0, replugAfterMs: null }));
      const connect = tools.getByRole('button', { name: 'Connect', exact: true });
      await connect.focus();
      await page.keyboard.press('Enter');
      const inUse = page.getByRole('dialog', { name: 'Another tab or app is using your micro:bit' });
      await inUse.waitFor({ timeout: 20_000 });
      expect(await inUse.getByRole('listitem').allTextContents()).toEqual([
        'Close other tabs or apps that use a micro:bit, like another editor or MakeCode.',
        'Unplug the USB cable from the micro:bit, wait a moment, then plug it back in.',
        'Press Try again.',
      ]);
      await inUse.getByText('Details for a grown-up: Device in use or not found.').waitFor();
      await snap('board-in-use-help');
      await onBoard(page, (board) => board.release());
      // Try again has the focus: Enter presses it.
      await page.keyboard.press('Enter');
      await tools.getByRole('status').filter({ hasText: 'micro:bit connected' }).waitFor({ timeout: 20_000 });
      await snap('board-connected');

      // What the board writes to serial shows in the simulator's console and chart: the emulated
      // board announces its program, then counts once a second.
      const serialPanel = page.getByRole('region', { name: 'Serial output' });
      const serialLog = serialPanel.getByRole('log');
      await expect
        .poll(() => serialLog.textContent(), { timeout: 20_000 })
        .toMatch(/^factory started\ncount:1\ncount:2\n/);
      await serialPanel.getByRole('button', { name: 'Chart' }).click();
      await expect
        .poll(() => serialPanel.getByRole('img', { name: /^Chart of serial values/ }).getAttribute('aria-label'))
        .toMatch(/^Chart of serial values: count \d+$/);
      await snap('board-serial-chart');
      await serialPanel.getByRole('button', { name: 'Console' }).click();

      // Typed text goes to the board on the cable when "Send to" says so; the emulated board's
      // program answers "heard:<line>". Up brings the line back.
      await serialPanel.getByLabel('Send to').selectOption({ label: 'micro:bit (USB)' });
      const serialBox = serialPanel.getByRole('textbox', { name: 'Send text to the micro:bit on the USB cable' });
      await serialBox.fill('ping');
      await serialBox.press('Enter');
      await expect.poll(() => serialLog.textContent(), { timeout: 20_000 }).toContain('heard:ping');
      // The box stays wholly in view (not half behind the bottom bar) while the board talks.
      expect(await whollyVisible(serialBox)).toBe(true);
      await serialBox.press('ArrowUp');
      expect(await serialBox.inputValue()).toBe('ping');
      await snap('board-serial-typed');
      await serialBox.fill('');

      // Download now sends the program to the board, with a progress bar.
      await editor.downloadButton().click();
      const sending = page.getByRole('dialog', { name: 'Sending your program to the micro:bit' });
      await sending.waitFor();
      await sending.getByRole('progressbar').waitFor();
      await snap('board-flashing');
      // The .hex holds the program compiled for the board: it runs there.
      await editor.toast(/^Your program is on the micro:bit and running!/).waitFor({ timeout: 60_000 });
      await sending.waitFor({ state: 'hidden' });
      expect(await onBoard(page, (board) => board.target.applicationRunning)).toBe(true);
      // The new program announces itself on the board's serial, into the same console.
      await expect
        .poll(async () => ((await serialLog.textContent()) ?? '').match(/ started$/gm)?.length ?? 0, {
          timeout: 20_000,
        })
        .toBeGreaterThanOrEqual(2);
      await snap('board-serial-after-flash');

      // The same program again: nothing differs, the board restarts it.
      await editor.downloadButton().click();
      await editor
        .toast('Your micro:bit already had this program. It has started it again.')
        .waitFor({ timeout: 30_000 });

      // Disconnect: Download saves the file again, and the board holds exactly that file.
      await tools.getByRole('button', { name: 'Disconnect the micro:bit' }).click();
      await connect.waitFor();
      const hex = await editor.download();
      await page.getByRole('dialog', { name: 'Send your program to the micro:bit' }).waitFor();
      const image = flashImageFor(readFileSync(await hex.path()), 'v2');
      const flash = await onBoard(page, (board) => Array.from(board.flashBytes()));
      let compared = 0;
      for (const [address, bytes] of image.pages) {
        expect(
          Buffer.from(flash.slice(address, address + bytes.length)).equals(Buffer.from(bytes)),
          `page 0x${address.toString(16)}`,
        ).toBe(true);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
      await snap('board-disconnected');
    },
    // The emulated board flashes at the USB rate of a real one, on a shared machine.
    { timeout: 150_000 },
  );

  journey(
    'a board that does not start after the flash: help, then Try again after a replug',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.goto('/?device=emulated');
      await home.createProject('Stubborn');
      const editor = new EditorPage(page, baseUrl);
      await editor.setCode(program(5));
      await editor.waitUntilSaved();
      const tools = page.getByRole('contentinfo', { name: 'Editor tools' });
      await tools.getByRole('button', { name: 'Connect', exact: true }).click();
      await tools.getByRole('status').filter({ hasText: 'micro:bit connected' }).waitFor({ timeout: 20_000 });

      await onBoard(page, (board) =>
        board.applyStandingFault({ kind: 'stuck-bootloader', atPercent: 0, replugAfterMs: null }),
      );
      await editor.downloadButton().click();
      const notStarted = page.getByRole('dialog', { name: 'Your program is on the micro:bit but did not start' });
      await notStarted.waitFor({ timeout: 45_000 });
      expect(await notStarted.getByRole('listitem').allTextContents()).toEqual([
        'Press the reset button on the back of your micro:bit.',
        'Unplug the USB cable from the micro:bit, wait a moment, then plug it back in.',
      ]);
      await snap('board-not-started-help');
      // A replug cycles the power, which frees the board from its bootloader.
      await onBoard(page, (board) => {
        board.unplug();
        board.plugIn();
      });
      await notStarted.getByRole('button', { name: 'Try again' }).click();
      await editor
        .toast(/^(Your program is on the micro:bit and running!|Your micro:bit already had this program)/)
        .waitFor({ timeout: 45_000 });
      expect(await onBoard(page, (board) => board.target.applicationRunning)).toBe(true);
    },
    { timeout: 150_000 },
  );
});

describe('sending a program to a micro:bit by Bluetooth', () => {
  useChromium();

  journey(
    'pair by Bluetooth with the steps, flash only the program, recover from a lost link',
    async ({ page, baseUrl, snap }) => {
      const home = new HomePage(page, baseUrl);
      await home.goto('/?device=emulated');
      await home.createProject('Airborne');
      const editor = new EditorPage(page, baseUrl);
      await editor.setCode(program(6));
      await editor.waitUntilSaved();
      const tools = page.getByRole('contentinfo', { name: 'Editor tools' });

      // The pairing steps first; the chooser opens from "Choose my micro:bit".
      await tools.getByRole('button', { name: 'Connect by Bluetooth' }).click();
      const steps = page.getByRole('dialog', { name: 'Connect your micro:bit by Bluetooth' });
      await steps.waitFor();
      expect(await steps.getByRole('listitem').count()).toBe(3);
      await snap('bluetooth-pairing-steps');
      await steps.getByRole('button', { name: 'Choose my micro:bit' }).click();
      const connected = tools.getByRole('status').filter({ hasText: 'micro:bit connected by Bluetooth' });
      await connected.waitFor({ timeout: 30_000 });
      // One word beside the Bluetooth icon keeps the bar on one line; the sentence is the tooltip.
      expect(await connected.locator('.board-status-text').getAttribute('title')).toBe(
        'micro:bit connected by Bluetooth',
      );
      expect(await barRows(tools)).toBe(1);
      await snap('bluetooth-connected');

      // Download sends only the program region, with progress in the same dialog as USB.
      await editor.downloadButton().click();
      const sending = page.getByRole('dialog', { name: 'Sending your program to the micro:bit' });
      await sending.waitFor();
      // Download's longer "Preparing your file…" beside the status still leaves one line.
      expect(await barRows(tools)).toBe(1);
      await snap('bluetooth-flashing');
      await editor
        .toast(/^(Your program is on the micro:bit and running! Only the parts that changed were sent\.)/)
        .waitFor({ timeout: 60_000 });
      // The first flash in this browser loaded the board's firmware with a notice: it went when
      // the file was made, so it never stands beside the result.
      expect(await editor.toast(/^Getting the micro:bit’s own software ready/).count()).toBe(0);
      expect(await onBoard(page, (board) => board.target.lastCheck.kind)).toBe('program');
      expect(await onBoard(page, (board) => board.target.pairingMode)).toBe(false);

      // The board's program started the UART service: once the link is back after the restart,
      // its lines come over Bluetooth into the same console and chart as USB's, and a line typed
      // with "Send to: micro:bit (Bluetooth)" reaches it (the emulated program answers "heard:").
      const serialPanel = page.getByRole('region', { name: 'Serial output' });
      const serialLog = serialPanel.getByRole('log');
      await expect.poll(() => serialLog.textContent(), { timeout: 20_000 }).toMatch(/count:\d+\ncount:\d+\n/);
      await serialPanel.getByRole('button', { name: 'Chart' }).click();
      await expect
        .poll(() => serialPanel.getByRole('img', { name: /^Chart of serial values/ }).getAttribute('aria-label'))
        .toMatch(/^Chart of serial values: count \d+$/);
      await serialPanel.getByRole('button', { name: 'Console' }).click();
      await serialPanel.getByLabel('Send to').selectOption({ label: 'micro:bit (Bluetooth)' });
      const serialBox = serialPanel.getByRole('textbox', { name: 'Send text to the micro:bit connected by Bluetooth' });
      await serialBox.fill('over the air');
      await serialBox.press('Enter');
      await expect.poll(() => serialLog.textContent(), { timeout: 20_000 }).toContain('heard:over the air');
      // At 1280x800 the simulator's column scrolls: the box to type into is wholly in view, not
      // half behind the bottom bar, and stays so as lines arrive.
      expect(await whollyVisible(serialBox)).toBe(true);
      await expect.poll(() => serialLog.textContent(), { timeout: 20_000 }).toMatch(/heard:over the air\n(.*\n){2}/);
      expect(await whollyVisible(serialBox)).toBe(true);
      await snap('bluetooth-serial');

      // Every answer lost mid-flash: plain help (no cable to replug), never half a program; Try
      // again once the board answers again.
      await editor.setCode(program(7));
      await editor.waitUntilSaved();
      await onBoard(page, (board) => board.bluetooth.device.inject('lose-all-answers'));
      await editor.downloadButton().click();
      const lost = page.getByRole('dialog', { name: 'The Bluetooth connection was lost' });
      await lost.waitFor({ timeout: 60_000 });
      expect(await lost.getByRole('listitem').first().textContent()).toBe(
        'Bring your micro:bit closer to the computer.',
      );
      await snap('bluetooth-lost-help');
      expect(await onBoard(page, (board) => board.target.pairingMode)).toBe(false);
      await onBoard(page, (board) => board.bluetooth.device.clearFaults());
      await connected.waitFor({ timeout: 30_000 });
      await lost.getByRole('button', { name: 'Try again' }).click();
      await lost.waitFor({ state: 'hidden' });
      await sending.waitFor({ state: 'hidden', timeout: 60_000 });
      await editor.toast(/^Your program is on the micro:bit and running!/).waitFor({ timeout: 10_000 });
      expect(await onBoard(page, (board) => board.target.lastCheck.kind)).toBe('program');

      // Disconnect: Download saves the file, and the board's program region holds that file's.
      await tools.getByRole('button', { name: 'Disconnect the micro:bit' }).click();
      await tools.getByRole('button', { name: 'Connect by Bluetooth' }).waitFor();
      const hex = await editor.download();
      const image = flashImageFor(readFileSync(await hex.path()), 'v2');
      const start = image.program!.start;
      const flash = await onBoard(page, (board) => Array.from(board.flashBytes()));
      let compared = 0;
      for (const [address, bytes] of image.pages) {
        if (address < start) continue;
        expect(
          Buffer.from(flash.slice(address, address + bytes.length)).equals(Buffer.from(bytes)),
          `page 0x${address.toString(16)}`,
        ).toBe(true);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    },
    { timeout: 180_000 },
  );
});
