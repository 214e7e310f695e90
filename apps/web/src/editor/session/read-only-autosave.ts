// For an editor that must not change the program (sandbox without edit=1, readonly=1, the time
// machine): the session still works as usual, switching Blocks <-> JavaScript and generating
// code, but what it would save stays in this page. When the project changes elsewhere (another
// tab saved), that is shown and this page's own changes are dropped.

import type { SessionAutosave } from './session-types.ts';

export function readOnlyAutosave(autosave: SessionAutosave): SessionAutosave {
  let kept: Readonly<Record<string, string>> = {};
  let version = autosave.getState().contentVersion;
  const freshen = () => {
    const now = autosave.getState().contentVersion;
    if (now !== version) {
      version = now;
      kept = {};
    }
  };
  return {
    getContent: () => {
      freshen();
      const content = autosave.getContent();
      return { name: content.name, files: { ...content.files, ...kept } };
    },
    getState: () => autosave.getState(),
    edit: (change) => {
      freshen();
      if (change.files) kept = { ...kept, ...change.files };
    },
    subscribe: (listener) => autosave.subscribe(listener),
  };
}
