// Wraps the real audio preview so the end-to-end journeys can see what the editors played.

import type { AudioPreview } from '@blockyard/blocks';

export interface PlayedSound {
  readonly kind: 'tone' | 'melody' | 'sound';
  readonly detail: string;
}

export function recordingPreview(inner: AudioPreview, log: PlayedSound[]): AudioPreview {
  return {
    playTone: (frequency, ms) => {
      log.push({ kind: 'tone', detail: `${frequency}` });
      return inner.playTone(frequency, ms);
    },
    playMelody: (melody, tempo) => {
      log.push({ kind: 'melody', detail: `${melody} @${tempo}` });
      return inner.playMelody(melody, tempo);
    },
    playSound: (expression) => {
      log.push({ kind: 'sound', detail: expression });
      return inner.playSound(expression);
    },
    stopAll: () => inner.stopAll(),
  };
}
