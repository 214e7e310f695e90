// Sound previews for the block editor's note, melody and sound-effect fields. The sound engine
// and its audio output are made on the first preview, not when the editor opens: most sessions
// never preview a sound, and an audio context started without a gesture only makes warnings.

import { createSoundEnginePreview, type AudioPreview } from '@blockyard/blocks';
import { WebAudioOutput } from '@blockyard/platform';
import { SoundEngine } from '@blockyard/sound';
import { soundWorkletFactory } from '../../audio/sound-worklet-url.ts';

export interface LazyAudioPreview {
  readonly preview: AudioPreview;
  dispose(): void;
}

export function lazyAudioPreview(): LazyAudioPreview {
  let made: { preview: AudioPreview; output: WebAudioOutput } | undefined;
  const get = (): AudioPreview => {
    if (!made) {
      const engine = new SoundEngine();
      made = {
        preview: createSoundEnginePreview(engine),
        output: new WebAudioOutput({ source: engine, factory: soundWorkletFactory }),
      };
    }
    return made.preview;
  };
  return {
    preview: {
      playTone: (frequency, durationMs) => get().playTone(frequency, durationMs),
      playMelody: (melody, tempo) => get().playMelody(melody, tempo),
      playSound: (expression) => get().playSound(expression),
      stopAll: () => made?.preview.stopAll(),
    },
    dispose: () => {
      made?.preview.stopAll();
      made?.output.dispose();
      made = undefined;
    },
  };
}
