// Load on the accounts and sharing API (issue 16 "Scale"): the built server
// (apps/server/dist/main.mjs, what `npm start` runs) in its own process on loopback, on the
// embedded PGlite and, when DATABASE_URL is set (or BENCH_POSTGRES=throwaway with Debian's
// postgresql installed), on PostgreSQL too. The users and their sessions are made beforehand by
// apps/server/src/tools/seed-load-sessions.ts (as the sign-in callback makes them) and claimed
// over HTTP like a browser claims them.
//  1. 200 users signed in at once, each syncing preferences through the real PreferenceSync
//     (RFC 6902 patches over HTTP, flushed BENCH_PREF_ROUNDS times); afterwards every user's
//     preferences are read back and must hold every change (no lost patch) with no error.
//  2. One shared project opened by 100 visitors at once, each loading what the share page loads
//     (GET /api/{id} and /api/{id}/text) BENCH_VISITS times.
// Reports requests/s and latency percentiles per phase; fails (exit 1) on any error or lost patch.
import { CloudApi, PreferenceSync } from '@blockyard/cloud';
import { AUTH_COOKIE, type PublishResponse, type UserPreferences } from '@blockyard/cloud/protocol';
import { MemoryKeyValueStore, type HttpClient } from '@blockyard/core';
import { SystemClock } from '@blockyard/platform';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort, repoRoot } from '../../e2e/harness/server.ts';
import { startThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.mjs';
import { writeResult } from '../lib/report.ts';
import { summarize, type Summary } from '../lib/stats.ts';

const USERS = Number(process.env['BENCH_USERS'] ?? 200);
const PREF_ROUNDS = Number(process.env['BENCH_PREF_ROUNDS'] ?? 5);
const VISITORS = Number(process.env['BENCH_VISITORS'] ?? 100);
const VISITS = Number(process.env['BENCH_VISITS'] ?? 5);
const TARGET = 'microbit';

interface Phase {
  requests: number;
  errors: string[];
  seconds: number;
  latencies: number[];
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Node's fetch as the browser's would be for one signed-in browser: its cookie, and timed. */
function timedHttp(latencies: number[], cookie?: string): HttpClient {
  return {
    async request(request) {
      const started = performance.now();
      const response = await fetch(request.url, {
        method: request.method ?? 'GET',
        headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
      const text = await response.text();
      latencies.push(performance.now() - started);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => (headers[key] = value));
      return { status: response.status, headers, text: () => Promise.resolve(text) };
    },
  };
}

/** A seeded session claimed as the browser claims it after sign-in: its token and cookie. */
async function claim(base: string, seeded: { token: string; verifier: string }, index: number) {
  const claimed = await fetch(`${base}/api/otac/check`, {
    method: 'POST',
    headers: { authorization: `Bearer ${seeded.verifier}`, 'x-blockyard-target': TARGET },
  });
  const cookie = claimed.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${AUTH_COOKIE}=`));
  if (claimed.status !== 200 || !cookie) throw new Error(`claiming session ${index}: ${claimed.status}`);
  return { token: seeded.token, cookie };
}

async function preferencesPhase(base: string, seeded: Array<{ token: string; verifier: string }>) {
  const browsers = [];
  for (const [i, session] of seeded.entries()) browsers.push(await claim(base, session, i));
  const phase: Phase = { requests: 0, errors: [], seconds: 0, latencies: [] };
  const started = performance.now();
  await Promise.all(
    browsers.map(async (browser, user) => {
      const api = new CloudApi({
        http: timedHttp(phase.latencies, browser.cookie),
        baseUrl: base,
        target: TARGET,
        token: () => browser.token,
        onUnauthorized: () => phase.errors.push(`user ${user}: signed out (401)`),
      });
      const sync = new PreferenceSync({
        clock: new SystemClock(),
        store: new MemoryKeyValueStore(),
        send: (operations) => api.call('PATCH', '/api/user/preferences', operations),
        onError: (error) =>
          phase.errors.push(`user ${user}: ${error instanceof Error ? error.message : String(error)}`),
      });
      sync.startSync(await api.call<UserPreferences>('GET', '/api/user/preferences'));
      for (let round = 0; round < PREF_ROUNDS; round++) {
        sync.update((prefs) => ({
          ...prefs,
          colorThemeIds: { ...prefs.colorThemeIds, [`r${round}`]: `theme-${user}-${round}` },
          reader: `user ${user} round ${round}`,
          highContrast: round % 2 === 0,
        }));
        await sync.flush();
      }
    }),
  );
  phase.seconds = (performance.now() - started) / 1000;
  phase.requests = phase.latencies.length;
  // Every user's account must hold every change, exactly as last set.
  let lost = 0;
  await Promise.all(
    browsers.map(async (browser, user) => {
      const response = await fetch(`${base}/api/user/preferences`, {
        headers: { authorization: `Bearer ${browser.token}`, cookie: browser.cookie, 'x-blockyard-target': TARGET },
      });
      const prefs = (await response.json()) as UserPreferences;
      const last = PREF_ROUNDS - 1;
      for (let round = 0; round < PREF_ROUNDS; round++) {
        if (prefs.colorThemeIds?.[`r${round}`] !== `theme-${user}-${round}`) lost++;
      }
      if (prefs.reader !== `user ${user} round ${last}` || prefs.highContrast !== (last % 2 === 0)) lost++;
    }),
  );
  return { phase, lost };
}

async function sharePhase(base: string) {
  const published = await fetch(`${base}/api/scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-blockyard-target': TARGET },
    body: JSON.stringify({
      name: 'Shared game',
      files: { 'main.ts': 'basic.forever(() => {\n    basic.showIcon(IconNames.Heart)\n})\n', 'pxt.json': '{}' },
    }),
  });
  if (published.status !== 201) throw new Error(`publishing: ${published.status} ${await published.text()}`);
  const { id } = (await published.json()) as PublishResponse;
  const phase: Phase = { requests: 0, errors: [], seconds: 0, latencies: [] };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, visitor) => {
      const http = timedHttp(phase.latencies);
      for (let visit = 0; visit < VISITS; visit++) {
        for (const path of [`/api/${id}`, `/api/${id}/text`]) {
          const response = await http.request({ url: `${base}${path}`, headers: { 'x-blockyard-target': TARGET } });
          const text = await response.text();
          if (response.status !== 200 || !text.includes(path.endsWith('text') ? 'showIcon' : 'Shared game')) {
            phase.errors.push(`visitor ${visitor}: ${path} ${response.status}`);
          }
        }
      }
    }),
  );
  phase.seconds = (performance.now() - started) / 1000;
  phase.requests = phase.latencies.length;
  return phase;
}

function metricsOf(prefix: string, phase: Phase): Record<string, Summary> {
  const sorted = [...phase.latencies].sort((a, b) => a - b);
  const one = (value: number) => summarize([value]);
  return {
    [`${prefix}Requests`]: one(phase.requests),
    [`${prefix}RequestsPerSecond`]: one(phase.requests / phase.seconds),
    [`${prefix}P50Ms`]: one(percentile(sorted, 50)),
    [`${prefix}P99Ms`]: one(percentile(sorted, 99)),
    [`${prefix}MaxMs`]: one(sorted.at(-1) ?? 0),
    [`${prefix}Errors`]: one(phase.errors.length),
  };
}

async function healthy(base: string, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in time');
}

async function runOn(kind: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'blockyard-load-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    HOST: '127.0.0.1',
    AUTH: 'local',
    LOG_LEVEL: 'warn',
    SHARED_STORE_PORT: 'off',
    // All of this load comes from one address: the per-address limit is for strangers.
    RATE_LIMIT_PER_MINUTE: 'off',
  };
  const seeded = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'apps/server/src/tools/seed-load-sessions.ts'), String(USERS)],
      {
        cwd: repoRoot,
        env: { ...env, BLOCKYARD_SEED_LOAD_USERS: 'yes' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    ),
  ) as Array<{ token: string; verifier: string }>;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.mjs')], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await healthy(base, performance.now() + 180_000);
    const preferences = await preferencesPhase(base, seeded);
    const share = await sharePhase(base);
    const metrics = {
      ...metricsOf(`${kind}Preferences`, preferences.phase),
      [`${kind}PreferencesLostChanges`]: summarize([preferences.lost]),
      ...metricsOf(`${kind}ShareOpen`, share),
    };
    const errors = [...preferences.phase.errors, ...share.errors];
    const line = (name: string, phase: Phase) =>
      `${kind} ${name}: ${phase.requests} requests, ${(phase.requests / phase.seconds).toFixed(0)}/s, p99 ${percentile(
        [...phase.latencies].sort((a, b) => a - b),
        99,
      ).toFixed(0)} ms, ${phase.errors.length} errors`;
    console.log(line(`${USERS} users syncing preferences`, preferences.phase) + `, ${preferences.lost} lost changes`);
    console.log(line(`${VISITORS} visitors opening a share`, share));
    return { metrics, errors, lost: preferences.lost };
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Array<['pglite' | 'postgres', string | undefined]> = [['pglite', undefined]];
let throwaway: { url: string; stop(): void } | undefined;
if (process.env['DATABASE_URL']) runs.push(['postgres', process.env['DATABASE_URL']]);
else if (process.env['BENCH_POSTGRES'] === 'throwaway') {
  throwaway = await startThrowawayPostgres();
  runs.push(['postgres', throwaway.url]);
}

let metrics: Record<string, Summary> = {};
const problems: string[] = [];
try {
  for (const [kind, url] of runs) {
    const result = await runOn(kind, url);
    metrics = { ...metrics, ...result.metrics };
    problems.push(...result.errors.slice(0, 20));
    if (result.lost > 0) problems.push(`${kind}: ${result.lost} preference changes lost`);
  }
} finally {
  throwaway?.stop();
}

const path = writeResult({
  name: 'cloud-load',
  description: `The built server (apps/server/dist/main.mjs) in its own process on 127.0.0.1, per database (${runs
    .map(([kind]) => kind)
    .join(
      ', ',
    )}): ${USERS} signed-in users at once each syncing preferences through PreferenceSync (${PREF_ROUNDS} flushed changes each, then every account read back), and one share opened by ${VISITORS} visitors at once (${VISITS} times each: GET /api/{id} and /api/{id}/text). One run; latencies are per HTTP request, client side, on the same 2-core machine as the server.`,
  metrics,
  targets: {
    preferences: 'no error and no lost patch with 200 concurrent users (issue 16, Tests)',
    shareOpen: 'requests/s and p99 reported for 100 concurrent visitors (issue 16, Tests)',
  },
  notes: [
    'Rate limiting per address is off for this run (all the load comes from one address); quotas in the database still apply.',
    'Sessions are made before the server starts by apps/server/src/tools/seed-load-sessions.ts, as the sign-in callback makes them, and claimed over HTTP (POST /api/otac/check); the provider round trip is the sign-in e2e journey.',
    "The load driver (this process) and the server share the same machine, so the figures include the driver's own CPU.",
    ...problems.map((problem) => `problem: ${problem}`),
  ],
});
console.log(`cloud-load -> ${path}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
