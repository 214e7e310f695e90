// The page's handle on one program worker, and the real one: a dedicated worker made from a
// blob: script holding the compiled program followed by our worker bundle's text.
//
// Why this shape (see docs/ARCHITECTURE.md, "Threat model"): the page's CSP allows neither
// string evaluation nor blob: scripts, so the program cannot be evaluated in the page, and a
// sandboxed (opaque-origin) frame may not start a worker from the server's URL. A worker whose
// script is the program itself needs neither: `worker-src blob:` lets the page start it, the
// program is simply part of the worker's script, and the worker inherits the page's policy (no
// eval, no blob: scripts, no connections), so even code that escaped the runtime's checks can
// only post to this page, which checks everything it receives.
// The bundle comes as text with the page (not importScripts of its URL): an opaque origin gets
// no HTTP cache in Chromium, so each run downloaded it again (issue 12 item 4).

import { PROGRAM_SOURCE_URL } from '@blockyard/runtime';

/** Lines before the program body in the worker script (as in `new Function`: error lines agree). */
export const WORKER_PROGRAM_HEADER_LINES = 2;
/** The global the worker script puts the program's factory in, for the worker bundle to take. */
export const PROGRAM_GLOBAL = 'blockyardProgram';
/** The global holding the program's last line in the script (the bundle's frames come after). */
export const PROGRAM_LINES_GLOBAL = 'blockyardProgramLines';

export interface ProgramLinkHandlers {
  /** Every message the worker posts, unchecked (the page checks it). */
  onMessage(data: unknown): void;
  /** The worker failed: its script did not load or parse, or an error escaped it. */
  onFailure(message: string): void;
}

export interface ProgramLink {
  post(message: unknown, transfer?: Transferable[]): void;
  /** Ends the worker at once, wherever it is (a runaway program, a flood, a stop). */
  terminate(): void;
}

export type ProgramLinkFactory = (js: string, handlers: ProgramLinkHandlers) => ProgramLink;

/** The script's parts: the program's factory, then our worker bundle (a Blob made once). */
function programWorkerScript(js: string, bundle: Blob): Blob {
  // Header, the program's lines, then `};`: the bundle starts on the line after that.
  const lastLine = WORKER_PROGRAM_HEADER_LINES + js.split('\n').length + 1;
  const program = [
    `self.${PROGRAM_LINES_GLOBAL} = ${lastLine}; self.${PROGRAM_GLOBAL} = function ($rt, $h, $api`,
    ') {',
    js,
    '};',
    '',
  ].join('\n');
  return new Blob([program, bundle, `\n//# sourceURL=${PROGRAM_SOURCE_URL}`], { type: 'text/javascript' });
}

/** Program workers in the browser, running the worker bundle `bundleSource` (its script's text). */
export function browserProgramLinks(bundleSource: string): ProgramLinkFactory {
  const bundle = new Blob([bundleSource], { type: 'text/javascript' });
  return (js, handlers) => {
    const url = URL.createObjectURL(programWorkerScript(js, bundle));
    let revoked = false;
    const revoke = () => {
      if (!revoked) URL.revokeObjectURL(url);
      revoked = true;
    };
    const worker = new Worker(url, { name: 'blockyard-program' });
    worker.onmessage = (event: MessageEvent) => {
      revoke();
      handlers.onMessage(event.data);
    };
    worker.onmessageerror = () => handlers.onFailure('The program sent a message that could not be read.');
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      revoke();
      handlers.onFailure(event.message || 'The program could not be started.');
    };
    return {
      post: (message, transfer) => worker.postMessage(message, transfer ?? []),
      terminate: () => {
        revoke();
        worker.terminate();
      },
    };
  };
}
