// The runtime side of `music`, `soundExpression` and the `SoundExpression` class: tones, tempo,
// melodies, playables and sound expressions, all on the board's Speaker (which drives the sound
// engine and records every note). Timing is the device's: a tone waits its duration on the clock,
// melodies play note by note on their own fiber (see music-melody.ts).

import {
  BUILT_IN_SOUND_EFFECT_NAMES,
  DEFAULT_TEMPO,
  beatMs,
  builtInMelody,
  createSoundEffect,
  decodeSong,
  type SoundExpressionEffect,
  type InterpolationCurve,
  type WaveShape,
} from '@blockyard/sound';
import { RtBuffer, RuntimeError, type Waiting, runtimeMessages } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';
import { DEFAULT_MUSIC_VOLUME, type NoteSource } from '../state/speaker.ts';
import { MELODY_EVENT_SOURCE, MelodyPlayer, MelodyStopOptions, type MelodySource } from './music-melody.ts';
import { asPlayable, createPlayableClasses } from './music-playables.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';

/** `SoundExpressionPlayMode`. */
const SoundExpressionPlayMode = { UntilDone: 0, InBackground: 1 } as const;

type Callback = (...args: unknown[]) => unknown;

function noteStrings(melodyArray: unknown): string[] {
  if (melodyArray === null || melodyArray === undefined) {
    throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
  }
  return Array.isArray(melodyArray) ? melodyArray.map((note) => toText(note)) : [];
}

function number(value: unknown): number {
  return Number(value);
}

export const musicModule: NamespaceModule = {
  names: ['music', 'soundExpression', 'SoundExpression'],
  create(board: BoardHost) {
    const speaker = board.speaker;
    let bpm = DEFAULT_TEMPO;
    let customTone: Callback | undefined;

    const tempo = (): number => (bpm > 0 ? bpm : DEFAULT_TEMPO);
    const setTempo = (value: number): void => {
      if (Number.isNaN(value)) return;
      if (value > 0) bpm = Math.max(1, value);
    };
    /** `music.playTone`: the device's analog pitch with whole-number arguments, then a wait. */
    function* playTone(frequency: number, ms: number, source: NoteSource = 'tone'): Waiting {
      if (Number.isNaN(frequency) || Number.isNaN(ms)) return;
      if (customTone) {
        yield* board.runtime.exec.call(customTone, undefined, [frequency, ms]);
        return;
      }
      const duration = toInt(ms);
      speaker.playTone(toInt(frequency), duration, source);
      if (duration > 0) yield duration;
    }
    const melodies = new MelodyPlayer(board, (frequency, ms) => playTone(frequency, ms, 'melody'), tempo);
    const classes = createPlayableClasses({ board, melodies, playTone, setTempo });
    const editorMelody = (text: unknown): MelodySource => ({
      kind: 'editor',
      text: text === null || text === undefined ? '' : toText(text),
    });
    const builtIn = (melody: number): string[] => builtInMelody(toInt(melody));

    const soundExpression: Record<string, unknown> = {};
    for (const name of BUILT_IN_SOUND_EFFECT_NAMES) soundExpression[name] = new classes.SoundExpression(name);

    const music = {
      Playable: classes.Playable,
      TonePlayable: classes.TonePlayable,
      StringArrayPlayable: classes.StringArrayPlayable,

      *playTone(frequency: number, ms: number): Waiting {
        yield* playTone(number(frequency), number(ms));
      },
      ringTone(frequency: number): void {
        const f = number(frequency);
        if (Number.isNaN(f)) return;
        if (customTone) {
          board.runtime.spawn('ring tone', customTone, [f, 0]);
          return;
        }
        speaker.playTone(toInt(f), 0, 'tone');
      },
      *rest(ms: number): Waiting {
        yield* playTone(0, number(ms));
      },
      noteFrequency(name: number): number {
        return name;
      },
      beat(fraction?: number): number {
        return beatMs(fraction === undefined || fraction === null ? 1 : toInt(fraction), tempo());
      },
      tempo(): number {
        return tempo();
      },
      changeTempoBy(value: number): void {
        const delta = number(value);
        if (Number.isNaN(delta)) return;
        setTempo(tempo() + delta);
      },
      setTempo(value: number): void {
        setTempo(number(value));
      },

      *play(toPlay: unknown, playbackMode: number): Waiting {
        yield* asPlayable(toPlay)._play(toInt(playbackMode));
      },
      *_playDefaultBackground(toPlay: unknown, playbackMode: number): Waiting {
        yield* asPlayable(toPlay)._play(toInt(playbackMode));
      },
      tonePlayable(note: number, duration: number): unknown {
        return new classes.TonePlayable(number(note), number(duration));
      },
      stringPlayable(melody: string, bpmValue: number): unknown {
        return new classes.StringArrayPlayable(editorMelody(melody), number(bpmValue));
      },
      builtInPlayableMelody(melody: number): unknown {
        return new classes.StringArrayPlayable({ kind: 'array', notes: builtIn(melody) });
      },
      createSong(song: unknown): unknown {
        if (song === null || song === undefined) {
          throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
        }
        if (!(song instanceof RtBuffer)) {
          throw new RuntimeError('type-error', 'music.createSong needs a song buffer, like hex`00780004080100`.');
        }
        const decoded = decodeSong(song.data);
        if (!decoded.ok) throw new RuntimeError('type-error', `This song cannot be played: ${decoded.error}`);
        if (decoded.song.beatsPerMinute === 0 || decoded.song.ticksPerBeat === 0) {
          throw new RuntimeError('type-error', 'This song cannot be played: its tempo or its ticks per beat is 0.');
        }
        return new classes.SongPlayable(decoded.song);
      },
      builtInMelody(melody: number): string[] {
        return builtIn(melody);
      },
      melodyEditor(melody: string): string {
        return melody;
      },

      startMelody(melodyArray: string[], options?: number): void {
        melodies.start({ kind: 'array', notes: noteStrings(melodyArray) }, options === undefined ? 1 : toInt(options));
      },
      beginMelody(melodyArray: string[], options?: number): void {
        melodies.start({ kind: 'array', notes: noteStrings(melodyArray) }, options === undefined ? 1 : toInt(options));
      },
      *playMelody(melody: string, bpmValue: number): Waiting {
        setTempo(number(bpmValue));
        melodies.start(editorMelody(melody), 1);
        yield* melodies.waitForEnd();
      },
      stopMelody(options: number): void {
        melodies.stop(toInt(options));
      },
      onEvent(value: number, handler: Callback): void {
        if (typeof handler !== 'function') return;
        board.runtime.bus.listen(MELODY_EVENT_SOURCE, toInt(value), handler, 'music on event');
      },
      setPlayTone(f: Callback | undefined): void {
        customTone = typeof f === 'function' ? f : undefined;
      },

      stopAllSounds(): void {
        melodies.stop(MelodyStopOptions.All);
        classes.stopLooping();
        speaker.stopAll();
      },
      setVolume(volume?: number): void {
        speaker.setVolume(volume === undefined ? DEFAULT_MUSIC_VOLUME : number(volume));
      },
      volume(): number {
        return speaker.volume();
      },
      setBuiltInSpeakerEnabled(enabled: boolean): void {
        speaker.setEnabled(Boolean(enabled));
      },
      isSoundPlaying(): boolean {
        return speaker.isPlaying();
      },
      setSilenceLevel(level?: number): void {
        speaker.silenceLevel = Math.max(0, Math.min(1024, toInt(level ?? 0)));
      },

      createSoundEffect(
        waveShape: number,
        startFrequency: number,
        endFrequency: number,
        startVolume: number,
        endVolume: number,
        duration: number,
        effect: number,
        interpolation: number,
      ): string {
        return createSoundEffect({
          waveShape: toInt(waveShape) as WaveShape,
          startFrequency: number(startFrequency),
          endFrequency: number(endFrequency),
          startVolume: number(startVolume),
          endVolume: number(endVolume),
          durationMs: number(duration),
          effect: toInt(effect) as SoundExpressionEffect,
          interpolation: toInt(interpolation) as InterpolationCurve,
        });
      },
      createSoundExpression(
        waveShape: number,
        startFrequency: number,
        endFrequency: number,
        startVolume: number,
        endVolume: number,
        duration: number,
        effect: number,
        interpolation: number,
      ): unknown {
        const text = music.createSoundEffect(
          waveShape,
          startFrequency,
          endFrequency,
          startVolume,
          endVolume,
          duration,
          effect,
          interpolation,
        );
        return new classes.SoundExpression(text);
      },
      builtinSoundEffect(sound: unknown): string {
        return asSoundExpression(sound).getNotes();
      },
      builtinPlayableSoundEffect(sound: unknown): unknown {
        return asSoundExpression(sound);
      },
      *playSoundEffect(sound: string, mode: number): Waiting {
        const expression = new classes.SoundExpression(sound === null || sound === undefined ? '' : toText(sound));
        if (toInt(mode) === SoundExpressionPlayMode.InBackground) expression.play();
        else yield* expression.playUntilDone();
      },
    };

    function asSoundExpression(value: unknown): { getNotes(): string } {
      if (value instanceof classes.SoundExpression) return value;
      if (value === null || value === undefined) {
        throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
      }
      throw new RuntimeError('type-error', 'This is not a sound: use soundExpression.giggle or a sound you created.');
    }

    return { music, soundExpression, SoundExpression: classes.SoundExpression };
  },
};
