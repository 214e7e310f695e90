// For component tests: the editor's compiler worker and simulator frame, run in this process.
// The worker body is the real one (with TypeScript), the frame is the real FrameRunner; messages
// are structured clones delivered a microtask later, as between threads and windows.

import type { Clock } from '@blockyard/core';
import { CompilerClient } from '@blockyard/compiler-worker';
import { type FrameRunner, SimulatorController } from '@blockyard/sim';
import { inProcessCompilerWorker } from '@blockyard/compiler-worker/testing';
import { inProcessFrameHost } from '@blockyard/sim/testing';
import ts from 'typescript';
import type { EditorEnvironment } from '../editor-environment.ts';
import { buildProjectDownload } from '../files/download-project.ts';

export interface InProcessEditor {
  environment: EditorEnvironment;
  /** The frames of the simulators made so far (tick them to move time on in the program). */
  runners: Map<string, FrameRunner>;
  compiler: CompilerClient;
}

export function inProcessEditor(clock: Clock): InProcessEditor {
  const compiler = new CompilerClient(() => inProcessCompilerWorker(ts));
  const runners = new Map<string, FrameRunner>();
  const environment: EditorEnvironment = {
    compiler: () => compiler,
    createSimulator: (options) => {
      const container = document.createElement('div');
      const controller = new SimulatorController({
        clock,
        compiler,
        createHost: (onMessage) => inProcessFrameHost(clock, runners, onMessage),
      });
      return { controller, container, save: options.onDownload ?? (() => undefined) };
    },
    buildDownload: buildProjectDownload,
  };
  return { environment, runners, compiler };
}
