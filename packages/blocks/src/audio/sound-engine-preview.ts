// An AudioPreview over @blockyard/sound's SoundEngine: the same synthesizer the simulator uses,
// so a melody sounds in the editor exactly as it will in the program. The caller connects the
// engine to an output (WebAudioOutput in the browser), which stays muted until a user gesture.

import type { SoundEngine, SoundHandle } from '@blockyard/sound';
import type { AudioPreview, PreviewPlayback } from './audio-preview.ts';

function playback(handle: SoundHandle | undefined, live: Set<SoundHandle>): PreviewPlayback {
  if (!handle) return { stop: () => undefined, done: Promise.resolve() };
  live.add(handle);
  const done = handle.done.then(() => {
    live.delete(handle);
  });
  return { stop: () => handle.stop(), done };
}

export function createSoundEnginePreview(engine: SoundEngine): AudioPreview {
  const live = new Set<SoundHandle>();
  return {
    playTone: (frequency, durationMs) => playback(engine.playTone(frequency, durationMs), live),
    playMelody: (melody, tempo) => playback(engine.playMelody(melody, { tempo, resetOctave: true }), live),
    playSound: (expression) => {
      const result = engine.playExpression(expression);
      return playback(result.ok ? result.handle : undefined, live);
    },
    stopAll: () => {
      for (const handle of live) handle.stop();
      live.clear();
    },
  };
}
