// MakeCode's micro:bit editor served on this machine, offline, for benchmarks that compare with
// it in the same run (issue 12 item 4). The pxt-microbit package the native tests download
// (packages/makecode-reference/src/makecode-reference.ts keeps it in
// node_modules/.cache/blockyard-makecode/pxt-microbit-<version>/) ships its built web app; its
// pxt-core CLI serves it with `pxt serve --just` (no build, no network). The target folder is
// copied to a throw-away folder first (pxt writes beside what it serves, and the cache's files may
// be hard links shared with other checkouts). `pxt serve` also starts a WebSocket server for
// local devices, whose module (faye-websocket) the cache does not hold: a stand-in that accepts
// no connection takes its place (the editor does not use it without a local token in its address).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../e2e/harness/server.ts';

const cacheRoot = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'blockyard-makecode');

export interface MakeCodeServer {
  /** The editor's home page. */
  readonly url: string;
  /** pxt-microbit's version. */
  readonly version: string;
  stop(): Promise<void>;
}

/** Where a usable MakeCode cache is, or why there is none (shown in the bench's notes). */
export function findMakeCode(): { dir: string; version: string } | { missing: string } {
  if (!existsSync(cacheRoot)) return { missing: `no ${cacheRoot} (the native MakeCode tests fill it)` };
  for (const name of readdirSync(cacheRoot).sort().reverse()) {
    const dir = join(cacheRoot, name);
    const cli = join(dir, 'target', 'node_modules', 'pxt-core', 'built', 'pxt.js');
    const web = join(dir, 'target', 'node_modules', 'pxt-core', 'built', 'web', 'pxtapp.js');
    if (name.startsWith('pxt-microbit-') && existsSync(cli) && existsSync(web) && existsSync(join(dir, 'deps'))) {
      return { dir, version: name.slice('pxt-microbit-'.length) };
    }
  }
  return { missing: `no pxt-microbit with a built web app under ${cacheRoot}` };
}

const websocketStandIn = `// Stand-in for faye-websocket: pxt serve's device socket, unused here.
function WebSocket() { return { on() {}, send() {}, close() {} }; }
WebSocket.isWebSocket = () => false;
WebSocket.EventSource = { isEventSource: () => false };
module.exports = WebSocket;
`;

export async function startMakeCode(): Promise<MakeCodeServer> {
  const found = findMakeCode();
  if ('missing' in found) throw new Error(found.missing);
  const work = mkdtempSync(join(tmpdir(), 'blockyard-makecode-serve-'));
  const target = join(work, 'target');
  cpSync(join(found.dir, 'target'), target, { recursive: true });
  const standIns = join(work, 'stand-ins');
  mkdirSync(join(standIns, 'faye-websocket'), { recursive: true });
  writeFileSync(join(standIns, 'faye-websocket', 'index.js'), websocketStandIn);
  const port = await freePort();
  const wsPort = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(target, 'node_modules', 'pxt-core', 'built', 'pxt.js'),
      'serve',
      '--just',
      '--noBrowser',
      '--noSerial',
      '--port',
      String(port),
      '--wsport',
      String(wsPort),
    ],
    {
      cwd: target,
      env: {
        ...process.env,
        NODE_PATH: [join(found.dir, 'deps', 'node_modules'), standIns].join(':'),
        PXT_NODOCKER: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pxt serve did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening on port')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`pxt serve exited (${code}):\n${output}`));
    });
  });
  return {
    url: `http://localhost:${port}`,
    version: found.version,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
