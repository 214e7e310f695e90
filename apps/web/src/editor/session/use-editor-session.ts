import type { AutosaveController } from '@blockyard/projects';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services-context.tsx';
import { ExtensionsController } from '../../extensions/extensions-controller.ts';
import type { Simulator } from '../../sim-host/use-simulator.ts';
import type { EditorEnvironment } from '../editor-environment.ts';
import { EditorSession } from './editor-session.ts';
import { readOnlyAutosave } from './read-only-autosave.ts';
import type { EditorSessionState } from './session-types.ts';

/**
 * The open project's session (its texts, conversions and runs) and its extensions (pxt.json
 * dependencies: their code runs with the program, their blocks join the toolbox once the worker
 * has read them). A read-only editor keeps every change in the page.
 */
export function useEditorSession(
  autosave: AutosaveController,
  environment: EditorEnvironment,
  simulator: Simulator,
  readOnly: boolean,
) {
  const services = useServices();
  const [sessionAutosave] = useState(() => (readOnly ? readOnlyAutosave(autosave) : autosave));
  const [extensions] = useState(
    () =>
      new ExtensionsController({
        autosave: sessionAutosave,
        compiler: environment.compiler(),
        host: services.extensions,
      }),
  );
  const [session] = useState(
    () =>
      new EditorSession({
        autosave: sessionAutosave,
        compiler: environment.compiler(),
        simulator: simulator.controller,
        clock: services.clock,
        extensionFiles: () => extensions.files(),
      }),
  );
  useEffect(() => {
    void session.prepare();
    const stopListening = extensions.onFilesChanged(() => session.extensionsChanged());
    void extensions.start();
    return () => {
      stopListening();
      session.dispose();
      extensions.dispose();
    };
  }, [session, extensions]);
  const extensionsState = useSyncExternalStore(
    (listener) => extensions.subscribe(listener),
    () => extensions.getState(),
  );
  const state: EditorSessionState = useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.getState(),
  );
  // The compiler worker (TypeScript, about 1 MB) loads and warms on its own thread while the
  // blocks are drawn: started after them, it was most of the wait for the first run (bench
  // example-open).
  useEffect(() => environment.compiler().warm(), [environment]);
  return { session, state, extensions, extensionsState };
}
