// The driver's FrameHost in the editor: each frame is an <iframe> of the simulator page with
// sandbox="allow-scripts" and no allow-same-origin, so the learner's program runs in an opaque
// origin and cannot read the editor's storage, cookies or IndexedDB. Messages go out with any
// target origin (an opaque origin has no name to target, spec 002 §7) and are accepted only
// from one of our frames' windows, then validated.

import type { FrameHost } from '../driver/simulator-driver.ts';
import { type FrameToHostMessage, type HostToFrameMessage, parseFrameToHostMessage } from '../protocol/protocol.ts';

export const FRAME_SANDBOX = 'allow-scripts';

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
  /** The editor's window (default: the global one). */
  window?: Window;
}

export class IframeFrameHost implements FrameHost {
  private readonly frames = new Map<string, HTMLIFrameElement>();
  private readonly window: Window;
  private readonly listener = (event: MessageEvent) => this.onWindowMessage(event);

  constructor(private readonly options: IframeFrameHostOptions) {
    this.window = options.window ?? window;
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
    this.options.container.appendChild(frame);
  }

  removeFrame(frameId: string): void {
    this.frames.get(frameId)?.remove();
    this.frames.delete(frameId);
  }

  post(frameId: string, message: HostToFrameMessage): void {
    this.frames.get(frameId)?.contentWindow?.postMessage(message, '*');
  }

  frame(frameId: string): HTMLIFrameElement | undefined {
    return this.frames.get(frameId);
  }

  dispose(): void {
    this.window.removeEventListener('message', this.listener);
    for (const frame of this.frames.values()) frame.remove();
    this.frames.clear();
  }

  private onWindowMessage(event: MessageEvent): void {
    if (!event.source) return;
    for (const [id, frame] of this.frames) {
      if (frame.contentWindow !== event.source) continue;
      const message = parseFrameToHostMessage(event.data);
      if (message) this.options.onMessage(id, message);
      return;
    }
  }
}
