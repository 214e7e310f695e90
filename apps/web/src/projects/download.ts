import { type Clock, schedulerFromClock, writeProjectAsync } from '@blockyard/core';
import { recoveryFileName, serializeRecoveryBundle, type ProjectFiles, type RecoveryBundle } from '@blockyard/projects';
import type { DownloadFile } from '../downloads/downloader.ts';
import { filesForExport } from './export-files.ts';

/** A recovery file (every project that could be read), ready for `Downloader.save`. */
export function recoveryBundleFile(bundle: RecoveryBundle): DownloadFile {
  return {
    fileName: recoveryFileName(bundle.exportedAt),
    data: serializeRecoveryBundle(bundle),
    mimeType: 'application/json',
  };
}

/** A file name a learner recognises, safe on every system: "Lucky dice.mkcd". */
function projectFileName(name: string, extension: 'mkcd' | 'json' = 'mkcd'): string {
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
export async function projectCopyFile(name: string, files: ProjectFiles, clock: Clock): Promise<DownloadFile> {
  const exported = filesForExport(name, files);
  try {
    const bytes = await writeProjectAsync(exported, 'mkcd', { scheduler: schedulerFromClock(clock) });
    return { fileName: projectFileName(name, 'mkcd'), data: bytes, mimeType: 'application/octet-stream' };
  } catch {
    return {
      fileName: projectFileName(name, 'json'),
      data: JSON.stringify(exported, null, 1),
      mimeType: 'application/json',
    };
  }
}
