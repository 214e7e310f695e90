import { type Clock, schedulerFromClock, writeProjectAsync } from '@blockyard/core';
import { recoveryFileName, serializeRecoveryBundle, type ProjectFiles, type RecoveryBundle } from '@blockyard/projects';
import { downloadBytes } from '../sim-host/download-bytes.ts';
import { filesForExport } from './export-files.ts';

/** Hands a text file to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadRecoveryBundle(bundle: RecoveryBundle): void {
  downloadText(recoveryFileName(bundle.exportedAt), serializeRecoveryBundle(bundle));
}

/** A file name a learner recognises, safe on every system: "Lucky dice.mkcd". */
export function projectFileName(name: string, extension: 'mkcd' | 'json' = 'mkcd'): string {
  const safe =
    name
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '') || 'project';
  return `${safe}.${extension}`;
}

/**
 * The rescue copy (offered when saving fails): a real MakeCode .mkcd (LZMA-compressed, readable
 * by MakeCode and by our Import), named after the project. A project the .mkcd writer refuses
 * (a damaged pxt.json) still leaves as a plain JSON map of its files, named .json, which our
 * Import reads too: a rescue never fails for want of a format.
 */
export async function downloadProjectCopy(name: string, files: ProjectFiles, clock: Clock): Promise<void> {
  const exported = filesForExport(name, files);
  let bytes: Uint8Array;
  try {
    bytes = await writeProjectAsync(exported, 'mkcd', { scheduler: schedulerFromClock(clock) });
  } catch {
    downloadText(projectFileName(name, 'json'), JSON.stringify(exported, null, 1));
    return;
  }
  downloadBytes(projectFileName(name, 'mkcd'), bytes, 'application/octet-stream');
}
