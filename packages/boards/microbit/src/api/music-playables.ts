// The things `music.play` plays (MakeCode's playables): tones, melodies, sound expressions and
// songs (`music.createSong`), each in three modes. One set of classes per board, because playing needs the board's speaker,
// melody player and fibers. `SoundExpression` is also a global class of the API, and the built-in
// effects (`soundExpression.giggle` …) are instances of it.

import type { Song } from '@blockyard/sound';
import { RuntimeError, type Waiting, runtimeMessages } from '@blockyard/runtime';
import type { BoardHost } from './board-host.ts';
import { firstOf } from './first-of.ts';
import { type MelodyPlayer, MelodyOptions, type MelodySource } from './music-melody.ts';

/** `music.PlaybackMode`. */
const PlaybackMode = { UntilDone: 0, InBackground: 1, LoopingInBackground: 2 } as const;

/** What the playables need from the music namespace of their board. */
export interface PlayableContext {
  board: BoardHost;
  melodies: MelodyPlayer;
  /** `music.playTone`, including a replacement set with `music.setPlayTone`. */
  playTone(frequency: number, ms: number): Waiting;
  setTempo(bpm: number): void;
}

export interface PlayableClasses {
  Playable: new () => PlayableLike;
  TonePlayable: new (pitch: number, duration: number) => PlayableLike;
  StringArrayPlayable: new (source: MelodySource, tempo?: number) => PlayableLike;
  SoundExpression: new (notes: string) => SoundExpressionLike;
  SongPlayable: new (song: Song) => PlayableLike;
  /** Stops every playable looping in the background (`music.stopAllSounds`). */
  stopLooping(): void;
}

export interface PlayableLike {
  stopped: boolean;
  _play(playbackMode: number): Waiting;
  loop(): void;
}

interface SoundExpressionLike extends PlayableLike {
  play(): void;
  playUntilDone(): Waiting;
  getNotes(): string;
}

export function createPlayableClasses(context: PlayableContext): PlayableClasses {
  const { board } = context;
  let looping: PlayableLike[] = [];

  class Playable implements PlayableLike {
    stopped = false;

    *_play(_playbackMode: number): Waiting {
      // A plain playable plays nothing; the subclasses below do.
    }

    /** Plays again and again on a background fiber until all sounds are stopped. */
    loop(): void {
      looping.push(this);
      this.stopped = false;
      board.runtime.spawn('looping sound', () => this.repeat());
    }

    private *repeat(): Waiting {
      while (!this.stopped) {
        const before = board.clock.now();
        yield* this._play(PlaybackMode.UntilDone);
        // A sound of no length would spin without letting time pass.
        if (board.clock.now() === before) yield 0;
      }
    }
  }

  class TonePlayable extends Playable {
    constructor(
      public pitch: number,
      public duration: number,
    ) {
      super();
    }

    override *_play(playbackMode: number): Waiting {
      if (playbackMode === PlaybackMode.InBackground) {
        board.runtime.spawn('tone', () => context.playTone(this.pitch, this.duration));
      } else if (playbackMode === PlaybackMode.UntilDone) {
        yield* context.playTone(this.pitch, this.duration);
      } else this.loop();
    }
  }

  class StringArrayPlayable extends Playable {
    constructor(
      private readonly source: MelodySource,
      private readonly tempo?: number,
    ) {
      super();
    }

    override *_play(playbackMode: number): Waiting {
      if (this.tempo) context.setTempo(this.tempo);
      if (playbackMode === PlaybackMode.InBackground) {
        context.melodies.start(this.source, MelodyOptions.OnceInBackground);
      } else if (playbackMode === PlaybackMode.LoopingInBackground) {
        context.melodies.start(this.source, MelodyOptions.ForeverInBackground);
      } else {
        context.melodies.start(this.source, MelodyOptions.Once);
        yield* context.melodies.waitForEnd();
      }
    }
  }

  class SoundExpression extends Playable {
    private readonly notes: string;

    constructor(notes: string) {
      super();
      // Learner code may pass anything; what is not text plays nothing.
      this.notes = typeof notes === 'string' ? notes : '';
    }

    override *_play(playbackMode: number): Waiting {
      if (playbackMode === PlaybackMode.InBackground) this.play();
      else if (playbackMode === PlaybackMode.UntilDone) yield* this.playUntilDone();
      else this.loop();
    }

    /** Queues the sound and goes on at once. */
    play(): void {
      board.speaker.playExpression(this.notes);
    }

    /** Queues the sound and waits until it (and the ones queued before it) has played. */
    *playUntilDone(): Waiting {
      const played = board.speaker.playExpression(this.notes);
      const wait = played.ok ? played.end - board.clock.now() : 0;
      if (wait > 0) yield wait;
    }

    getNotes(): string {
      return this.notes;
    }
  }

  class SongPlayable extends Playable {
    constructor(private readonly song: Song) {
      super();
    }

    override *_play(playbackMode: number): Waiting {
      if (playbackMode === PlaybackMode.LoopingInBackground) {
        this.loop();
        return;
      }
      const { end } = board.speaker.playSong(this.song);
      if (playbackMode !== PlaybackMode.UntilDone) return;
      const wait = end - board.clock.now();
      // Until the song ends, or until music.stopAllSounds silences it.
      if (wait > 0) yield firstOf(board, board.speaker.stopped.wait(), wait);
    }
  }

  return {
    Playable,
    TonePlayable,
    StringArrayPlayable,
    SoundExpression,
    SongPlayable,
    stopLooping() {
      for (const playable of looping) playable.stopped = true;
      looping = [];
    },
  };
}

/** The receiver of `music.play`: anything else is the device's null-dereference failure. */
export function asPlayable(value: unknown): PlayableLike {
  if (value === null || value === undefined) {
    throw new RuntimeError('null-dereference', runtimeMessages.nullDereference);
  }
  if (typeof (value as PlayableLike)._play !== 'function') {
    throw new RuntimeError('type-error', 'music.play needs a tone, melody or sound to play.');
  }
  return value as PlayableLike;
}
