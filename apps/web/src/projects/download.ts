import { recoveryFileName, serializeRecoveryBundle, type RecoveryBundle } from '@blockyard/projects';
import type { DownloadFile } from '../downloads/downloader.ts';

/** A recovery file (every project that could be read), ready for `Downloader.save`. */
export function recoveryBundleFile(bundle: RecoveryBundle): DownloadFile {
  return {
    fileName: recoveryFileName(bundle.exportedAt),
    data: serializeRecoveryBundle(bundle),
    mimeType: 'application/json',
  };
}
