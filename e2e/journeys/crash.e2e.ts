// Kill the browser right after an edit, reopen the same profile: the edit is still there.
// Chromium is killed with SIGKILL (no pagehide, no unload, nothing more written), at delays
// spread over 50-500 ms after the last keystroke (the range where the autosave had not saved
// yet lost 5 of 20 edits before the edit journal), in a shuffled order fixed by a seed.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { launchKillableChromium, type KillableChromium } from '../harness/killable-chromium.ts';
import { screenshotDir } from '../harness/journey.ts';
import { EditorPage } from '../pages/editor-page.ts';
import { HomePage } from '../pages/home-page.ts';

const EDITS = 20;

/** EDITS delays evenly over 50-500 ms, shuffled by a fixed seed (so a failure can be replayed). */
function killDelays(seed: number): number[] {
  const delays = Array.from({ length: EDITS }, (_, i) => Math.round(50 + (450 * i) / (EDITS - 1)));
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let i = delays.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [delays[i], delays[j]] = [delays[j]!, delays[i]!];
  }
  return delays;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One browser life on the shared profile; console errors and page errors fail the journey. */
class Session {
  private constructor(
    readonly chromium: KillableChromium,
    readonly editor: EditorPage,
    readonly problems: string[],
  ) {}

  static async start(profile: string, baseUrl: string): Promise<Session> {
    const chromium = await launchKillableChromium(profile);
    const problems: string[] = [];
    const page: Page = chromium.page;
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    return new Session(chromium, new EditorPage(page, baseUrl), problems);
  }

  get page(): Page {
    return this.chromium.page;
  }
}

const profiles: string[] = [];
afterAll(() => {
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

async function crashJourney(
  name: string,
  setUp: (session: Session) => Promise<void>,
  edit: (session: Session, token: string) => Promise<void>,
  kept: (session: Session) => Promise<string>,
  seed: number,
): Promise<void> {
  const baseUrl = inject('baseUrl');
  const profile = mkdtempSync(join(tmpdir(), 'blockyard-crash-'));
  profiles.push(profile);
  let session = await Session.start(profile, baseUrl);
  const home = new HomePage(session.page, baseUrl);
  await home.open();
  await home.createProject(name);
  await session.editor.ready();
  const id = session.editor.projectId();
  await setUp(session);
  await session.editor.waitUntilSaved();

  const results: { token: string; delay: number; kept: boolean }[] = [];
  for (const [i, delay] of killDelays(seed).entries()) {
    const token = `k${i}x${delay}`;
    await edit(session, token);
    await sleep(delay);
    expect(session.problems).toEqual([]);
    await session.chromium.kill();
    session = await Session.start(profile, baseUrl);
    await session.editor.open(id);
    const text = await kept(session);
    results.push({ token, delay, kept: text.includes(token) });
  }
  mkdirSync(screenshotDir, { recursive: true });
  await session.page.screenshot({ path: join(screenshotDir, `crash-${name.toLowerCase()}.png`), fullPage: true });
  expect(session.problems).toEqual([]);
  await session.chromium.kill();
  const lost = results.filter((r) => !r.kept).map((r) => `${r.token} (killed ${r.delay} ms after typing)`);
  expect(lost).toEqual([]);
  expect(results.filter((r) => r.kept)).toHaveLength(EDITS);
}

describe('no edit is lost when the browser is killed', () => {
  it('keeps 20 of 20 code edits, killed 50-500 ms after the last keystroke', async () => {
    await crashJourney(
      'Code',
      async ({ editor }) => {
        await editor.setCode('basic.showString("crash test")\n');
      },
      async ({ editor, page }, token) => {
        if ((await editor.mode()) !== 'JavaScript') await editor.switchTo('JavaScript');
        await editor.code().click();
        await page.keyboard.press('ControlOrMeta+End');
        await page.keyboard.type(`\n// ${token}`);
      },
      ({ editor }) => editor.codeText(),
      21,
    );
  }, 600_000);

  it('keeps 20 of 20 block edits (typing into a block), killed 50-500 ms after the last keystroke', async () => {
    await crashJourney(
      'Blocks',
      async ({ editor }) => {
        await editor.setCode('basic.showString("start")\n');
        await editor.switchTo('Blocks');
      },
      async ({ editor, page }, token) => {
        // The text field of "show string", whatever it holds now (a lost edit does not cascade).
        await editor.block('device_print_message').locator('g.blocklyEditableField').first().click();
        await page.locator('input.blocklyHtmlInput').waitFor();
        await page.keyboard.press('ControlOrMeta+A');
        // The field editor stays open: the edit is shown but Blockly has not finished it.
        await page.keyboard.type(token);
      },
      async ({ editor }) => {
        await editor.block('device_print_message').waitFor();
        return (await editor.blockTexts()).join(' ');
      },
      42,
    );
  }, 600_000);
});
