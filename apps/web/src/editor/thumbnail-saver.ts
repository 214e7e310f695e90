// Thumbnails for My projects: when the simulator has recorded its frames, the last one is saved
// with the project as a PNG data URL. A thumbnail alone never bumps the revision, so it cannot
// conflict with autosave; if the project moved on meanwhile, this thumbnail is simply skipped.

import { encodeBase64 } from '@blockyard/core';
import type { AutosaveController, ProjectStore } from '@blockyard/projects';

export function thumbnailSaver(store: ProjectStore, autosave: () => AutosaveController | undefined) {
  return (frames: Uint8Array[]): void => {
    const controller = autosave();
    const last = frames.at(-1);
    if (!controller || !last) return;
    const thumbnail = `data:image/png;base64,${encodeBase64(last)}`;
    void store
      .save(controller.projectId, { thumbnail }, { expectedRevision: controller.getState().revision })
      .catch(() => undefined); // a missing thumbnail is fine; the next run makes another
  };
}
