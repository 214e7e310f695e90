// Creates the simulator for a pane: a SimulatorController with the page's compiler worker (given by
// the editor environment) and sandboxed iframes in a container the pane shows (the editor's environment owns its lifetime).

import type { Clock } from '@blockyard/core';
import { SystemClock } from '@blockyard/platform';
import { type PageFlags, parsePageFlags } from '../app/page-flags.ts';
import { IframeFrameHost, SimulatorController } from '@blockyard/sim';
import type { CompilerClient } from '@blockyard/compiler-worker';
import { browserDownloadEnvironment, Downloader, type DownloadFile } from '../downloads/downloader.ts';

/** Where the simulator page is served (apps/web/sim/index.html). */
const SIM_URL = '/sim/';

export interface UseSimulatorOptions {
  /** The frame's accessible name. */
  frameTitle: string;
  /**
   * The language of the simulator's own labels (default English); a function is asked again
   * for each new frame (see `SimulatorController.reloadFrames`).
   */
  language?: string | (() => string);
  clock?: Clock;
  onThumbnail?: (frames: Uint8Array[], width: number, height: number) => void;
  /** Hands files (screenshots, GIFs, serial data) to the learner; the page's Downloader. */
  onDownload?: (file: DownloadFile) => void;
  /** The page flags the simulator page honours (`nolocalhost`); none when omitted. */
  flags?: Pick<PageFlags, 'noLocalhost'>;
}

export interface Simulator {
  controller: SimulatorController;
  /** Holds the frames; the pane puts it on the page once. */
  container: HTMLDivElement;
  /** Hands a file to the learner (serial data from the pane). */
  save: (file: DownloadFile) => void;
}

/** The simulator page's address for a new frame (its language, and the page flags it honours). */
export function simulatorAddress(options: Pick<UseSimulatorOptions, 'language' | 'flags'>): string {
  const language = typeof options.language === 'function' ? options.language() : options.language;
  const query = new URLSearchParams();
  if (language) query.set('lang', language);
  // Local-host mode off: the frame checks who talks to it even on this machine (spec 000 §2).
  if (options.flags?.noLocalhost) query.set('nolocalhost', '1');
  const search = query.toString();
  return search ? `${SIM_URL}?${search}` : SIM_URL;
}

/** Pages without a Downloader of their own (the simulator test page) save files plainly. */
function plainSave(): (file: DownloadFile) => void {
  const downloader = new Downloader(parsePageFlags('', { inFrame: false }), browserDownloadEnvironment());
  return (file) => downloader.save(file);
}

export function createSimulator(options: UseSimulatorOptions, compiler: CompilerClient): Simulator {
  const container = document.createElement('div');
  container.className = 'sim-pane-frames';
  const save = options.onDownload ?? plainSave();
  const controller = new SimulatorController({
    clock: options.clock ?? new SystemClock(),
    compiler,
    createHost: (onMessage, onSerialDropped) =>
      new IframeFrameHost({
        container,
        simUrl: () => simulatorAddress(options),
        title: options.frameTitle,
        onMessage,
        onSerialDropped,
      }),
    highContrast: () => document.documentElement.dataset.theme === 'high-contrast',
    onDownload: save,
    ...(options.onThumbnail ? { onThumbnail: options.onThumbnail } : {}),
    onProblem: (message) => console.warn(`simulator: ${message}`),
  });
  return { controller, container, save };
}
