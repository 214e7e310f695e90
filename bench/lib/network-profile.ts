// Emulated networks for the browser benches. On loopback a download costs nothing, so a bench
// there cannot see what a learner on a school network waits for: bytes and round trips (the
// chunk waterfall). Chromium's own throttling (CDP Network.emulateNetworkConditions) adds the
// latency to every request and paces the bytes of every response of the page and its frames.
import type { Page } from 'playwright-core';

export interface NetworkProfile {
  readonly name: string;
  /** Round-trip latency added to each request, ms. */
  readonly latencyMs: number;
  /** Bits per second. */
  readonly downloadBits: number;
  readonly uploadBits: number;
}

/**
 * A classroom on a school's broadband: a 100 Mbit/s line shared by a class of about 30, so
 * roughly 20 Mbit/s down for one pupil's page when not all load at once, 5 up, and 40 ms to a
 * nearby data centre. Chosen, not measured: a plausible middle, the same for every editor.
 */
const schoolNetwork: NetworkProfile = {
  name: 'school',
  latencyMs: 40,
  downloadBits: 20_000_000,
  uploadBits: 5_000_000,
};

/**
 * A school on a slow line (a rural school, or a class all loading at once): 4 Mbit/s down, 1 up,
 * 100 ms round trip. Chosen, not measured: where a page's scripts take seconds, so a quick press
 * lands before they have run.
 */
const slowNetwork: NetworkProfile = {
  name: 'slow',
  latencyMs: 100,
  downloadBits: 4_000_000,
  uploadBits: 1_000_000,
};

/** Profiles by name for BENCH_NETWORK. */
export const networkProfiles: Record<string, NetworkProfile> = { school: schoolNetwork, slow: slowNetwork };

/** Applies `profile` to the page (before its first navigation); undefined leaves it on loopback. */
export async function emulateNetwork(page: Page, profile: NetworkProfile | undefined): Promise<void> {
  if (!profile) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBits / 8,
    uploadThroughput: profile.uploadBits / 8,
  });
}

export function describeNetwork(profile: NetworkProfile): string {
  return `${profile.name}: ${profile.latencyMs} ms round trip, ${profile.downloadBits / 1e6} Mbit/s down, ${profile.uploadBits / 1e6} up (Chromium's throttling)`;
}
