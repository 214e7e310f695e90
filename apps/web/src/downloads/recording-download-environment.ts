// For tests: a download environment that remembers what the app tried to do instead of doing it.

import type { DownloadEnvironment, DownloadFile } from './downloader.ts';

export interface RecordingDownloadEnvironment extends DownloadEnvironment {
  /** Links followed (`href`, and the file name when the link saves a file). */
  readonly links: { href: string; fileName?: string }[];
  readonly windows: string[];
  readonly revoked: string[];
  /** The files behind the object URLs made so far, by URL. */
  readonly files: Map<string, DownloadFile>;
  /** Runs what `later` scheduled. */
  runLater(): void;
}

export function recordingDownloadEnvironment(savesLinks = true): RecordingDownloadEnvironment {
  let next = 0;
  const pending: (() => void)[] = [];
  const environment: RecordingDownloadEnvironment = {
    savesLinks,
    links: [],
    windows: [],
    revoked: [],
    files: new Map(),
    objectUrl: (file) => {
      const url = `blob:test/${++next}`;
      environment.files.set(url, file);
      return url;
    },
    revokeUrl: (url) => void environment.revoked.push(url),
    followLink: (href, fileName) => void environment.links.push(fileName === undefined ? { href } : { href, fileName }),
    openWindow: (url) => void environment.windows.push(url),
    later: (_ms, action) => void pending.push(action),
    runLater: () => {
      for (const action of pending.splice(0)) action();
    },
  };
  return environment;
}
