// Every file the app hands to the learner (projects, pictures, recovery files, serial data) leaves
// through one Downloader, which follows the page flags of spec 000 §2:
// - `downloadProtocol=<scheme>`: the file goes to that URL scheme as `<scheme>:<type>;base64,…`
//   (a host app that registered the scheme receives it; the scheme is validated by core).
// - `downloadUserContext=1`: for browsers that save a file only when the learner's own click
//   starts it (our files are made after a click, asynchronously): the file waits behind a "Save"
//   link the learner presses (DownloadReadyDialog).
// - `downloadWindowOpen` (on unless `=0`): where links cannot save files (no `download`
//   attribute), the file opens in a window of its own so the editor stays open; with `=0` it opens
//   in this window instead.
// Otherwise: a link with `download`, the way every current browser saves a file.

import { encodeBase64 } from '@blockyard/core';
import { type PageFlags } from '../app/page-flags.ts';

export interface DownloadFile {
  readonly fileName: string;
  readonly data: Uint8Array | string;
  readonly mimeType: string;
}

/** A file made and waiting for the learner's click (downloadUserContext). */
export interface ReadyDownload {
  readonly fileName: string;
  /** An object URL of the file, for a link with `download`. */
  readonly url: string;
}

/** The browser, as far as downloads need it (a fake one in tests). */
export interface DownloadEnvironment {
  /** Links with a `download` attribute save their file here. */
  readonly savesLinks: boolean;
  objectUrl(file: DownloadFile): string;
  revokeUrl(url: string): void;
  /** Follows a link, saving its target as `fileName` when one is given. */
  followLink(href: string, fileName?: string): void;
  openWindow(url: string): void;
  /** Runs `action` after `ms` (object URLs are revoked a while after use). */
  later(ms: number, action: () => void): void;
}

export type DownloadFlags = Pick<PageFlags, 'downloadProtocol' | 'downloadUserContext' | 'downloadWindowOpen'>;

/** How long an object URL stays valid after use: some browsers read the file after the click. */
const REVOKE_AFTER_MS = 60_000;

function bytesOf(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : data;
}

export class Downloader {
  private ready: ReadyDownload | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly flags: DownloadFlags,
    private readonly environment: DownloadEnvironment,
  ) {}

  /** Hands a file to the learner. */
  save(file: DownloadFile): void {
    const { flags, environment } = this;
    if (flags.downloadProtocol) {
      environment.followLink(`${flags.downloadProtocol}:${file.mimeType};base64,${encodeBase64(bytesOf(file.data))}`);
      return;
    }
    const url = environment.objectUrl(file);
    if (flags.downloadUserContext) {
      this.discard();
      this.ready = { fileName: file.fileName, url };
      this.notify();
      return;
    }
    if (environment.savesLinks) environment.followLink(url, file.fileName);
    else if (flags.downloadWindowOpen) environment.openWindow(url);
    else environment.followLink(url);
    environment.later(REVOKE_AFTER_MS, () => environment.revokeUrl(url));
  }

  /** The file waiting for the learner's click, if any. */
  get pending(): ReadyDownload | null {
    return this.ready;
  }

  /** The learner pressed the Save link (its own click saved the file): forget it soon. */
  saved(): void {
    const ready = this.ready;
    if (!ready) return;
    this.ready = null;
    this.environment.later(REVOKE_AFTER_MS, () => this.environment.revokeUrl(ready.url));
    this.notify();
  }

  /** The learner closed the dialog without saving. */
  discard(): void {
    if (!this.ready) return;
    this.environment.revokeUrl(this.ready.url);
    this.ready = null;
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The real browser. */
export function browserDownloadEnvironment(): DownloadEnvironment {
  return {
    savesLinks: typeof HTMLAnchorElement !== 'undefined' && 'download' in HTMLAnchorElement.prototype,
    objectUrl: (file) => {
      // Copied into a plain ArrayBuffer: a view may sit on a larger or shared buffer.
      const part = typeof file.data === 'string' ? file.data : file.data.slice().buffer;
      return URL.createObjectURL(new Blob([part], { type: file.mimeType }));
    },
    revokeUrl: (url) => URL.revokeObjectURL(url),
    followLink: (href, fileName) => {
      const link = document.createElement('a');
      link.href = href;
      if (fileName !== undefined) link.download = fileName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    },
    openWindow: (url) => {
      window.open(url, '_blank', 'noopener');
    },
    later: (ms, action) => {
      setTimeout(action, ms);
    },
  };
}
