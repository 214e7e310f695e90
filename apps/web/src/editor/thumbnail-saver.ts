// Thumbnails for My projects: when the simulator has recorded its frames, the last one is saved
// with the project as a PNG data URL. A thumbnail alone never bumps the revision, so it cannot
// conflict with autosave; if the project moved on meanwhile, this thumbnail is simply skipped.
//
// The frames come from the simulator frame, which is untrusted: only a PNG within the size cap
// is kept, one at a time (a thumbnail arriving while one is being saved is skipped), and the
// data URL is made by the browser (FileReader), not by a loop on the editor's main thread.

import type { AutosaveController, ProjectStore } from '@blockyard/projects';
import { frameLimits } from '@blockyard/sim';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** A PNG data URL made off the main thread's JavaScript (FileReader encodes it). */
function pngDataUrl(png: Uint8Array): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      // The type is ours, whatever the browser guessed.
      resolve(`data:image/png;base64,${url.slice(url.indexOf(',') + 1)}`);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    reader.readAsDataURL(new Blob([png.slice().buffer], { type: 'image/png' }));
  });
}

export function thumbnailSaver(
  store: ProjectStore,
  autosave: () => AutosaveController | undefined,
  toDataUrl: (png: Uint8Array) => Promise<string> = pngDataUrl,
) {
  let saving = false;
  return (frames: Uint8Array[]): void => {
    const controller = autosave();
    const last = frames.at(-1);
    if (!controller || !last || saving) return;
    if (last.byteLength > frameLimits.MAX_THUMBNAIL_BYTES || !PNG_SIGNATURE.every((b, i) => last[i] === b)) return;
    saving = true;
    void toDataUrl(last)
      .then((thumbnail) =>
        store.save(controller.projectId, { thumbnail }, { expectedRevision: controller.getState().revision }),
      )
      .catch(() => undefined) // a missing thumbnail is fine; the next run makes another
      .finally(() => {
        saving = false;
      });
  };
}
