// Download: the project as a `.hex` file with its source embedded (MakeCode's layout, readable by
// MakeCode and by our Import), compressed cooperatively so the page stays responsive.

import { type Clock, schedulerFromClock, writeProjectAsync } from '@blockyard/core';

/** A file name a learner recognises, safe on every system: "My game.hex". */
export function hexFileName(name: string): string {
  const safe =
    name
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'project';
  return `${safe}.hex`;
}

export function projectHex(
  files: Readonly<Record<string, string>>,
  clock: Clock,
  editorUrl: string,
): Promise<Uint8Array> {
  return writeProjectAsync({ ...files }, 'hex', { scheduler: schedulerFromClock(clock), editorUrl });
}
