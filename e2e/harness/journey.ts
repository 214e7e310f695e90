import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject, it } from 'vitest';
import { launchChromium } from './chromium.ts';
import { repoRoot } from './server.ts';

export const screenshotDir = join(repoRoot, '.e2e-artifacts', 'screenshots');

export interface JourneyContext {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Saves a named screenshot next to the journey's final one. */
  snap: (label: string) => Promise<void>;
}

export interface JourneyOptions {
  context?: BrowserContextOptions;
  /** Console errors a journey expects (matched by substring); anything else fails it. */
  allowConsoleErrors?: string[];
  /** Milliseconds for the whole journey, when it needs more than the config's testTimeout. */
  timeout?: number;
}

function isLocal(url: string): boolean {
  if (/^(data|blob|about|chrome-error):/.test(url)) return true;
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1';
}

let browser: Browser | undefined;

/** Call once per journey file: one Chromium for its journeys. */
export function useChromium(): void {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A user journey in a fresh browser profile. It fails on any console error, uncaught page error
 * or request that leaves localhost, and always saves a screenshot of where it ended.
 */
export function journey(name: string, body: (j: JourneyContext) => Promise<void>, options: JourneyOptions = {}) {
  it(
    name,
    async () => {
      if (!browser) throw new Error('Call useChromium() in the journey file first.');
      // The app's service worker (its offline copy) is blocked unless a journey asks for it: it
      // would fetch the whole app again in every fresh profile, and answer requests a journey
      // means to see or route itself (journeys/offline.e2e.ts allows it).
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
        ...options.context,
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!options.allowConsoleErrors?.some((allowed) => text.includes(allowed)))
          problems.push(`console error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      context.on('request', (request) => {
        if (!isLocal(request.url())) problems.push(`request left localhost: ${request.url()}`);
      });
      mkdirSync(screenshotDir, { recursive: true });
      const base = slug(name);
      const snap = async (label: string) => {
        await page.screenshot({ path: join(screenshotDir, `${base}--${slug(label)}.png`), fullPage: true });
      };
      try {
        await body({ page, context, baseUrl: inject('baseUrl'), snap });
      } finally {
        await page.screenshot({ path: join(screenshotDir, `${base}.png`), fullPage: true }).catch(() => undefined);
        await context.close();
      }
      if (problems.length) throw new Error(`The journey hit problems:\n${problems.join('\n')}`);
    },
    options.timeout,
  );
}
