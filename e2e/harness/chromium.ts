import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, started the way these machines need (no network side traffic, no sandbox as root). */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs, headless: true });
}
