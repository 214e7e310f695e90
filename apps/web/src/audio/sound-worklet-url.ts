// Where Web Audio outputs load their worklet from: a built file on this server (see
// sound.worklet.ts), so no page needs blob: scripts.
import type { WebAudioFactory } from '@blockyard/platform';
import workletUrl from './sound.worklet.ts?worker&url';

export const soundWorkletFactory: Pick<WebAudioFactory, 'createModuleUrl'> = {
  createModuleUrl: () => new URL(workletUrl, window.location.href).href,
};
