import type { SimulatorViewState } from '@blockyard/sim';
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** What the test page exposes (apps/web/src/sim-host/sim-test-main.tsx). */
interface TestHooks {
  blockyardSimTest?: {
    controller: {
      getState(): SimulatorViewState;
      screenshot(width?: number): Promise<{ data: Uint8Array; width: number; height: number }>;
      restart(): void;
    };
  };
}

/**
 * The simulator test page (/sim-test/): SimulatorPane running a program from the address, with
 * the simulator itself in its sandboxed frame.
 */
export class SimulatorTestPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  /**
   * Opens the page with `code` as main.ts and waits until the program runs, or until `until`
   * for a program that stops at once (its brief "running" may fall between two polls).
   */
  async open(
    code: string,
    options: { boards?: number; until?: SimulatorViewState['state']; timeout?: number } = {},
  ): Promise<void> {
    const hash = new URLSearchParams({ code, boards: String(options.boards ?? 1) }).toString();
    await this.page.goto(new URL(`/sim-test/#${hash}`, this.baseUrl).toString());
    await this.waitForState(options.until ?? 'running', options.timeout);
  }

  async state(): Promise<SimulatorViewState | undefined> {
    return this.page.evaluate(() => (window as TestHooks).blockyardSimTest?.controller.getState());
  }

  async waitForState(state: SimulatorViewState['state'], timeout = 30_000): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => (window as TestHooks).blockyardSimTest?.controller.getState().state === wanted,
      state,
      { timeout },
    );
  }

  /** The sandboxed iframe element (in the editor page). */
  frameElement(): Locator {
    return this.page.getByTitle('micro:bit simulator');
  }

  /** Inside the simulator frame. */
  frame(): FrameLocator {
    return this.page.frameLocator('iframe[title="micro:bit simulator"]');
  }

  board(n = 1): Locator {
    return this.frame().getByRole('region', { name: `micro:bit ${n}` });
  }

  /** The spoken description of board n's LEDs. */
  ledDescription(n = 1): Locator {
    return this.board(n).getByRole('status');
  }

  async waitForLeds(text: string, n = 1): Promise<void> {
    await this.board(n).getByRole('status').filter({ hasText: text }).waitFor({ timeout: 10_000 });
  }

  button(name: 'Button A' | 'Button B' | 'Buttons A and B together', n = 1): Locator {
    return this.board(n).getByRole('button', { name, exact: true });
  }

  /** The drawing of board n (its SVG). */
  drawing(n = 1): Locator {
    return this.board(n).locator('svg.microbit-board');
  }

  addBoardButton(): Locator {
    return this.frame().getByRole('button', { name: 'Add a micro:bit' });
  }

  pane(): Locator {
    return this.page.getByRole('region', { name: 'Simulator' });
  }

  chartTab(): Locator {
    return this.pane().getByRole('button', { name: 'Chart' });
  }

  chart(): Locator {
    return this.pane().getByRole('img', { name: /^Chart of serial values/ });
  }

  consoleLog(): Locator {
    return this.pane().getByRole('log');
  }

  /** Serial console lines so far. */
  async serialLines(): Promise<string[]> {
    if ((await this.consoleLog().count()) === 0) return [];
    const text = await this.consoleLog().innerText();
    return text.split('\n').filter((line) => line.trim() !== '');
  }

  /** Asks the simulator for a PNG of the board, as the editor does. */
  async screenshot(width?: number): Promise<{ data: Uint8Array; width: number; height: number }> {
    const shot = await this.page.evaluate(async (w) => {
      const hooks = (window as TestHooks).blockyardSimTest;
      if (!hooks) throw new Error('not the simulator test page');
      const message = await hooks.controller.screenshot(w ?? undefined);
      return { data: Array.from(message.data), width: message.width, height: message.height };
    }, width ?? null);
    return { ...shot, data: Uint8Array.from(shot.data) };
  }
}
