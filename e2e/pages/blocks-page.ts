import type { Locator, Page } from 'playwright-core';

export interface RoundTripResult {
  readonly name: string;
  readonly ok: boolean;
  readonly differences: readonly { path: string; expected: string; actual: string }[];
  readonly warnings: readonly string[];
  readonly typeScriptBefore: string;
  readonly typeScriptAfter: string;
  readonly error?: string;
  readonly blocks: number;
  readonly rendered: number;
}

/** What the test page puts on `window` (apps/web/src/blocks-test/test-api.ts). */
interface BlocksTestHooks {
  blockyardBlocksTest?: {
    played: { kind: string; detail: string }[];
    changes: string[];
    currentXml(): string;
    goldenNames(): string[];
    toolboxNames(): string[];
    roundTripAll(names: readonly string[]): Promise<RoundTripResult[]>;
    renderTime(xml: string): Promise<{ visibleMs: number; completeMs: number }>;
    liveWorkspaces(): number;
    environment: {
      registry: { toolbox: { categories: { id: string; name: string; colour: string; advanced: boolean }[] } };
    };
  };
}

/**
 * The blocks test page (/blocks-test/): the block editor with a program from the address and the
 * generated JavaScript beside it. Blockly draws blocks in SVG: blocks are found by their ARIA
 * roles (options in the flyout, figures on the workspace) and fields by their accessible names;
 * a few drawing details (LED cells) need the block's `data-id`.
 */
export class BlocksTestPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(new URL(`/blocks-test/${query}`, this.baseUrl).toString());
    await this.page.locator('body[data-blocks-ready="true"]').waitFor({ timeout: 30_000 });
    await this.workspace().waitFor();
  }

  searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search blocks' });
  }

  /** The search's result count (Blockly has a status region of its own for announcements). */
  searchStatus(): Locator {
    return this.page.getByRole('search').locator('..').getByRole('status');
  }

  toolbox(): Locator {
    return this.page.getByRole('tree');
  }

  category(name: string): Locator {
    return this.page.getByRole('treeitem', { name, exact: true });
  }

  flyout(): Locator {
    return this.page.locator('.blocklyToolboxFlyout');
  }

  flyoutBlock(name: RegExp): Locator {
    return this.flyout().getByRole('option', { name }).first();
  }

  workspace(): Locator {
    return this.page.getByRole('region', { name: /Blocks workspace/ });
  }

  workspaceBlock(name: RegExp): Locator {
    return this.workspace().getByRole('figure', { name }).first();
  }

  /** A block's drawing by its id (for parts that have no accessible name of their own). */
  blockById(id: string): Locator {
    return this.page.locator(`[data-id="${id}"]`);
  }

  /** Where a statement fits inside a block (its first statement input), by block id. */
  statementPlace(id: string): Locator {
    return this.blockById(id).locator(':scope > path[aria-roledescription="statement position"]').first();
  }

  field(name: RegExp): Locator {
    return this.page.getByRole('button', { name }).first();
  }

  code(): Locator {
    return this.page.getByRole('region', { name: 'Generated JavaScript' });
  }

  async codeText(): Promise<string> {
    return (await this.code().textContent()) ?? '';
  }

  /** Waits until the generated JavaScript contains `text` (edits are saved after a short pause). */
  async waitForCode(text: string): Promise<void> {
    await this.page.waitForFunction(
      (wanted) => document.querySelector('[aria-label="Generated JavaScript"]')?.textContent?.includes(wanted),
      text,
    );
  }

  async savedXml(): Promise<string> {
    return this.page.evaluate(() => (window as BlocksTestHooks).blockyardBlocksTest?.currentXml() ?? '');
  }

  async played(): Promise<{ kind: string; detail: string }[]> {
    return this.page.evaluate(() => [...((window as BlocksTestHooks).blockyardBlocksTest?.played ?? [])]);
  }

  async liveWorkspaces(): Promise<number> {
    return this.page.evaluate(() => (window as BlocksTestHooks).blockyardBlocksTest?.liveWorkspaces() ?? 0);
  }

  async changeCount(): Promise<number> {
    return this.page.evaluate(() => (window as BlocksTestHooks).blockyardBlocksTest?.changes.length ?? 0);
  }

  /** The toolbox categories of the page's environment, in toolbox order. */
  async categories(): Promise<{ id: string; name: string; colour: string; advanced: boolean }[]> {
    return this.page.evaluate(() =>
      ((window as BlocksTestHooks).blockyardBlocksTest?.environment.registry.toolbox.categories ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        colour: c.colour,
        advanced: c.advanced,
      })),
    );
  }

  /** Runs programs through the live workspace (see test-api.ts), in batches to keep calls short. */
  async roundTrip(names: readonly string[]): Promise<RoundTripResult[]> {
    const results: RoundTripResult[] = [];
    for (let i = 0; i < names.length; i += 50) {
      const batch = names.slice(i, i + 50);
      results.push(
        ...(await this.page.evaluate(
          (list) => (window as BlocksTestHooks).blockyardBlocksTest!.roundTripAll(list),
          batch,
        )),
      );
    }
    return results;
  }

  async programNames(): Promise<{ golden: string[]; toolbox: string[] }> {
    return this.page.evaluate(() => {
      const hooks = (window as BlocksTestHooks).blockyardBlocksTest!;
      return { golden: hooks.goldenNames(), toolbox: hooks.toolboxNames() };
    });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }

  /**
   * Drags a block with the mouse, in small steps, so that its top-left corner (where its
   * previous-statement notch is) ends on the top-left corner of `to` plus `offset`.
   */
  async drag(from: Locator, to: Locator, offset: { x: number; y: number } = { x: 0, y: 0 }): Promise<void> {
    const start = await from.boundingBox();
    const end = await to.boundingBox();
    if (!start || !end) throw new Error('Nothing to drag from or to.');
    const grab = { x: 16, y: 14 };
    const [x0, y0] = [start.x + grab.x, start.y + grab.y];
    const [x1, y1] = [end.x + offset.x + grab.x, end.y + offset.y + grab.y];
    await this.page.mouse.move(x0, y0);
    await this.page.mouse.down();
    for (let step = 1; step <= 12; step++) {
      await this.page.mouse.move(x0 + ((x1 - x0) * step) / 12, y0 + ((y1 - y0) * step) / 12);
    }
    await this.page.mouse.up();
  }
}
