// The editor's simulator: made once per open project from the editor environment. Its disposal
// waits a tick, so React's development double mount does not tear down the live frame.

import { useEffect, useState } from 'react';
import type { Simulator, UseSimulatorOptions } from '../sim-host/use-simulator.ts';
import type { EditorEnvironment } from './editor-environment.ts';

export function useEditorSimulator(environment: EditorEnvironment, options: UseSimulatorOptions): Simulator {
  const [simulator] = useState(() => ({ ...environment.createSimulator(options), disposal: 0 }));
  useEffect(() => {
    clearTimeout(simulator.disposal);
    return () => {
      simulator.disposal = window.setTimeout(() => simulator.controller.dispose(), 0);
    };
  }, [simulator]);
  return simulator;
}
