// A program worker started ahead of its run: the compiler worker says through its port which
// program it just built, and the page's run of that program (the page's main thread may be busy
// for tens of ms first) then finds it loaded (issue 12 item 4). It runs nothing before that run:
// its run ticket, Stop and debug state stay the editor's.
import { MAX_CODE_LENGTH } from '../protocol/protocol.ts';
import { mark } from './run-marks.ts';
import type { ProgramLink } from './worker/program-link.ts';
import type { WorkerMessageGate } from './worker/worker-message-gate.ts';

/** A program worker and what the frame knows of it. */
export interface LinkRecord {
  code: string;
  gate: WorkerMessageGate;
  /** The worker said `ready` (loaded, waiting for `start`). */
  ready: boolean;
  /** Set right after the factory returns (its handlers run later). */
  link: ProgramLink | undefined;
}

/** The one prepared (spare) program worker of a frame, and the port that asks for it. */
export class PreparedProgram {
  private spare: LinkRecord | undefined;
  private port: MessagePort | undefined;

  /**
   * `newLink` starts a worker for the code; `isLinked` says whether the frame's own worker
   * already has that code (then there is nothing to prepare).
   */
  constructor(
    private readonly newLink: (code: string) => LinkRecord,
    private readonly isLinked: (code: string) => boolean,
  ) {}

  /**
   * The compiler worker's end of a channel the editor made (it came with an allowed-origin
   * message from the editor): it tells which program comes next, and the frame starts that
   * program's worker before the editor's run of it arrives. A newer port replaces the one before.
   */
  acceptPort(port: MessagePort): void {
    this.port?.close();
    this.port = port;
    mark('blockyard:frame:port');
    port.onmessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; code?: unknown } | null;
      if (this.port === port && data?.type === 'prepare' && typeof data.code === 'string') this.prepare(data.code);
    };
    port.start();
  }

  /** Starts the worker of a program the editor is about to run. */
  prepare(code: string): void {
    if (code.length > MAX_CODE_LENGTH || this.isLinked(code) || this.spare?.code === code) return;
    this.drop();
    mark('blockyard:frame:prepare');
    this.spare = this.newLink(code);
  }

  /** Whether `record` is the prepared worker (its messages are not the running program's). */
  holds(record: LinkRecord): boolean {
    return this.spare === record;
  }

  /** A message from the prepared worker: a flood drops it; `ready` means it is loaded. */
  hear(record: LinkRecord, data: unknown): void {
    const message = record.gate.admit(data);
    if (record.gate.flooding) this.drop();
    else if (message?.type === 'ready') {
      record.ready = true;
      mark('blockyard:frame:prepared');
    }
  }

  /** The prepared worker when it is for `code` (the frame then owns it), else undefined. */
  take(code: string): LinkRecord | undefined {
    const spare = this.spare;
    if (spare?.code !== code) return undefined;
    this.spare = undefined;
    return spare;
  }

  /** Ends the prepared worker, if any (a program prepared but not run). */
  drop(): void {
    const spare = this.spare;
    this.spare = undefined;
    spare?.link?.terminate();
  }

  /** Ends the prepared worker and closes the port. */
  dispose(): void {
    this.drop();
    this.port?.close();
    this.port = undefined;
  }
}
