// Creates the simulator for a pane: a SimulatorController with the shared compiler worker and
// sandboxed iframes in a container the pane shows. The controller outlives React's development
// double mount (its disposal waits a tick and is cancelled by a remount).

import type { Clock } from '@blockyard/core';
import { SystemClock } from '@blockyard/platform';
import { IframeFrameHost, SimulatorController, type SimulatorDownload } from '@blockyard/sim';
import { useEffect, useState } from 'react';
import { sharedCompiler } from './compiler-service.ts';
import { downloadBytes } from './download-bytes.ts';

/** Where the simulator page is served (apps/web/sim/index.html). */
export const SIM_URL = '/sim/';

export interface UseSimulatorOptions {
  /** The frame's accessible name. */
  frameTitle: string;
  /** The language of the simulator's own labels (default English). */
  language?: string;
  clock?: Clock;
  onThumbnail?: (frames: Uint8Array[], width: number, height: number) => void;
  /** Default: the browser downloads the file. */
  onDownload?: (download: SimulatorDownload) => void;
}

export interface Simulator {
  controller: SimulatorController;
  /** Holds the frames; the pane puts it on the page once. */
  container: HTMLDivElement;
}

export function createSimulator(options: UseSimulatorOptions): Simulator {
  const container = document.createElement('div');
  container.className = 'sim-pane-frames';
  const controller = new SimulatorController({
    clock: options.clock ?? new SystemClock(),
    compiler: sharedCompiler(),
    createHost: (onMessage, onSerialDropped) =>
      new IframeFrameHost({
        container,
        simUrl: options.language ? `${SIM_URL}?lang=${encodeURIComponent(options.language)}` : SIM_URL,
        title: options.frameTitle,
        onMessage,
        onSerialDropped,
      }),
    highContrast: () => document.documentElement.dataset.theme === 'high-contrast',
    onDownload: options.onDownload ?? ((file) => downloadBytes(file.fileName, file.data, file.mimeType)),
    ...(options.onThumbnail ? { onThumbnail: options.onThumbnail } : {}),
    onProblem: (message) => console.warn(`simulator: ${message}`),
  });
  return { controller, container };
}

export function useSimulator(options: UseSimulatorOptions): Simulator {
  const [simulator] = useState(() => ({ ...createSimulator(options), disposal: 0 }));
  useEffect(() => {
    clearTimeout(simulator.disposal);
    return () => {
      simulator.disposal = window.setTimeout(() => simulator.controller.dispose(), 0);
    };
  }, [simulator]);
  return simulator;
}
