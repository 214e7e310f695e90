// The driver's FrameHost in the editor: each frame is an <iframe> of the simulator page with
// sandbox="allow-scripts" and no allow-same-origin, so the learner's program runs in an opaque
// origin and cannot read the editor's storage, cookies or IndexedDB. Messages go out with any
// target origin (an opaque origin has no name to target, spec 002 §7) and are accepted only
// from one of our frames' windows, then pass that frame's gate (rates, sizes, schema): a frame
// that floods the editor has its messages dropped, never queued.

import type { FrameHost } from '../driver/simulator-driver.ts';
import type { Clock } from '@blockyard/core';
import { type FrameToHostMessage, type HostToFrameMessage, PROGRAM_PORT_MESSAGE } from '../protocol/protocol.ts';
import { FrameMessageGate } from './frame-message-gate.ts';

const FRAME_SANDBOX = 'allow-scripts';

export interface IframeFrameHostOptions {
  /** Where frames are added. */
  container: HTMLElement;
  /**
   * The simulator page, e.g. "/sim/"; the frame id goes in the hash. A function is asked again
   * for each new frame (the page's language can change while the editor is open).
   */
  simUrl: string | (() => string);
  /** The accessible name of each frame. */
  title: string;
  onMessage: (frameId: string, message: FrameToHostMessage) => void;
  /** Told when a frame's serial text was dropped for going over the rate (characters dropped). */
  onSerialDropped?: (frameId: string, chars: number) => void;
  /** The editor's window (default: the global one). */
  window?: Window;
  /** Time for the rate limits (default: performance.now). */
  clock?: Pick<Clock, 'now'>;
}

export class IframeFrameHost implements FrameHost {
  private readonly frames = new Map<string, HTMLIFrameElement>();
  private readonly gates = new Map<string, FrameMessageGate>();
  private readonly clock: Pick<Clock, 'now'>;
  private readonly window: Window;
  private readonly listener = (event: MessageEvent) => this.onWindowMessage(event);

  constructor(private readonly options: IframeFrameHostOptions) {
    this.window = options.window ?? window;
    this.clock = options.clock ?? { now: () => performance.now() };
    this.window.addEventListener('message', this.listener);
  }

  createFrame(frameId: string): void {
    const doc = this.options.container.ownerDocument;
    const frame = doc.createElement('iframe');
    frame.id = frameId;
    frame.setAttribute('sandbox', FRAME_SANDBOX);
    frame.setAttribute('allow', 'autoplay; fullscreen');
    frame.title = this.options.title;
    frame.className = 'sim-frame';
    const simUrl = typeof this.options.simUrl === 'function' ? this.options.simUrl() : this.options.simUrl;
    frame.src = `${simUrl}#${encodeURIComponent(frameId)}`;
    this.frames.set(frameId, frame);
    this.gates.set(frameId, new FrameMessageGate(this.clock));
    this.options.container.appendChild(frame);
  }

  removeFrame(frameId: string): void {
    this.frames.get(frameId)?.remove();
    this.frames.delete(frameId);
    this.gates.delete(frameId);
  }

  /** What each frame's gate let through and dropped (tests, diagnostics). */
  gateStats(frameId: string) {
    return this.gates.get(frameId)?.stats;
  }

  post(frameId: string, message: HostToFrameMessage): void {
    this.frames.get(frameId)?.contentWindow?.postMessage(message, '*');
  }

  connect(frameId: string, port: MessagePort): void {
    const target = this.frames.get(frameId)?.contentWindow;
    if (target) target.postMessage({ type: PROGRAM_PORT_MESSAGE }, '*', [port]);
    else port.close();
  }

  frame(frameId: string): HTMLIFrameElement | undefined {
    return this.frames.get(frameId);
  }

  dispose(): void {
    this.window.removeEventListener('message', this.listener);
    for (const frame of this.frames.values()) frame.remove();
    this.frames.clear();
    this.gates.clear();
  }

  private onWindowMessage(event: MessageEvent): void {
    // The sender first: the data of a message from anywhere else is never even read.
    if (!event.source) return;
    for (const [id, frame] of this.frames) {
      if (frame.contentWindow !== event.source) continue;
      const gate = this.gates.get(id);
      if (!gate) return;
      const dropped = gate.stats.serialDropped;
      const message = gate.admit(event.data);
      if (message) this.options.onMessage(id, message);
      else if (gate.stats.serialDropped > dropped)
        this.options.onSerialDropped?.(id, gate.stats.serialDropped - dropped);
      return;
    }
  }
}
