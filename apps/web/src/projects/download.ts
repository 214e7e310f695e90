import { recoveryFileName, serializeRecoveryBundle, type ProjectFiles, type RecoveryBundle } from '@blockyard/projects';

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
export function projectFileName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'project';
  return `${safe}.mkcd`;
}

/** One project as a JSON map of its files (what the importer reads back). */
export function downloadProjectFiles(name: string, files: ProjectFiles): void {
  downloadText(projectFileName(name), JSON.stringify(files, null, 1));
}
