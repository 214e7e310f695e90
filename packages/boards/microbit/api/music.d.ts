// The `music` namespace of the micro:bit API: tones, beats and tempo, melodies, playables and
// sound expressions. Names, signatures, enum values and block annotations follow MakeCode's
// micro:bit API; the runtime side is src/api/music.ts.

/**
 * Notes by name, as their frequency in hertz. Without a number the note is in octave 4.
 */
declare const enum Note {
  //% blockIdentity=music.noteFrequency enumval=262
  C = 262,
  //% block=C#
  //% blockIdentity=music.noteFrequency enumval=277
  CSharp = 277,
  //% blockIdentity=music.noteFrequency enumval=294
  D = 294,
  //% blockIdentity=music.noteFrequency enumval=311
  Eb = 311,
  //% blockIdentity=music.noteFrequency enumval=330
  E = 330,
  //% blockIdentity=music.noteFrequency enumval=349
  F = 349,
  //% block=F#
  //% blockIdentity=music.noteFrequency enumval=370
  FSharp = 370,
  //% blockIdentity=music.noteFrequency enumval=392
  G = 392,
  //% block=G#
  //% blockIdentity=music.noteFrequency enumval=415
  GSharp = 415,
  //% blockIdentity=music.noteFrequency enumval=440
  A = 440,
  //% blockIdentity=music.noteFrequency enumval=466
  Bb = 466,
  //% blockIdentity=music.noteFrequency enumval=494
  B = 494,
  //% blockIdentity=music.noteFrequency enumval=131
  C3 = 131,
  //% block=C#3
  //% blockIdentity=music.noteFrequency enumval=139
  CSharp3 = 139,
  //% blockIdentity=music.noteFrequency enumval=147
  D3 = 147,
  //% blockIdentity=music.noteFrequency enumval=156
  Eb3 = 156,
  //% blockIdentity=music.noteFrequency enumval=165
  E3 = 165,
  //% blockIdentity=music.noteFrequency enumval=175
  F3 = 175,
  //% block=F#3
  //% blockIdentity=music.noteFrequency enumval=185
  FSharp3 = 185,
  //% blockIdentity=music.noteFrequency enumval=196
  G3 = 196,
  //% block=G#3
  //% blockIdentity=music.noteFrequency enumval=208
  GSharp3 = 208,
  //% blockIdentity=music.noteFrequency enumval=220
  A3 = 220,
  //% blockIdentity=music.noteFrequency enumval=233
  Bb3 = 233,
  //% blockIdentity=music.noteFrequency enumval=247
  B3 = 247,
  //% blockIdentity=music.noteFrequency enumval=262
  C4 = 262,
  //% block=C#4
  //% blockIdentity=music.noteFrequency enumval=277
  CSharp4 = 277,
  //% blockIdentity=music.noteFrequency enumval=294
  D4 = 294,
  //% blockIdentity=music.noteFrequency enumval=311
  Eb4 = 311,
  //% blockIdentity=music.noteFrequency enumval=330
  E4 = 330,
  //% blockIdentity=music.noteFrequency enumval=349
  F4 = 349,
  //% block=F#4
  //% blockIdentity=music.noteFrequency enumval=370
  FSharp4 = 370,
  //% blockIdentity=music.noteFrequency enumval=392
  G4 = 392,
  //% block=G#4
  //% blockIdentity=music.noteFrequency enumval=415
  GSharp4 = 415,
  //% blockIdentity=music.noteFrequency enumval=440
  A4 = 440,
  //% blockIdentity=music.noteFrequency enumval=466
  Bb4 = 466,
  //% blockIdentity=music.noteFrequency enumval=494
  B4 = 494,
  //% blockIdentity=music.noteFrequency enumval=523
  C5 = 523,
  //% block=C#5
  //% blockIdentity=music.noteFrequency enumval=555
  CSharp5 = 555,
  //% blockIdentity=music.noteFrequency enumval=587
  D5 = 587,
  //% blockIdentity=music.noteFrequency enumval=622
  Eb5 = 622,
  //% blockIdentity=music.noteFrequency enumval=659
  E5 = 659,
  //% blockIdentity=music.noteFrequency enumval=698
  F5 = 698,
  //% block=F#5
  //% blockIdentity=music.noteFrequency enumval=740
  FSharp5 = 740,
  //% blockIdentity=music.noteFrequency enumval=784
  G5 = 784,
  //% block=G#5
  //% blockIdentity=music.noteFrequency enumval=831
  GSharp5 = 831,
  //% blockIdentity=music.noteFrequency enumval=880
  A5 = 880,
  //% blockIdentity=music.noteFrequency enumval=932
  Bb5 = 932,
  //% blockIdentity=music.noteFrequency enumval=988
  B5 = 988,
}

/**
 * Parts of a beat for `music.beat` (the values are MakeCode's, not the fractions).
 */
declare const enum BeatFraction {
  //% block=1
  Whole = 1,
  //% block="1/2"
  Half = 2,
  //% block="1/4"
  Quarter = 4,
  //% block="1/8"
  Eighth = 8,
  //% block="1/16"
  Sixteenth = 16,
  //% block="2"
  Double = 32,
  //% block="4"
  Breve = 64,
}

/**
 * How `music.startMelody` plays: once or again and again, holding up the program or not.
 */
declare const enum MelodyOptions {
  //% block="once"
  Once = 1,
  //% block="forever"
  Forever = 2,
  //% block="once in background"
  OnceInBackground = 4,
  //% block="forever in background"
  ForeverInBackground = 8,
}

/**
 * Which melodies `music.stopMelody` ends.
 */
declare const enum MelodyStopOptions {
  //% block="all"
  All = 5,
  //% block="foreground"
  Foreground = 1,
  //% block="background"
  Background = 4,
}

/**
 * Moments in a melody's life that `music.onEvent` can react to.
 */
declare const enum MusicEvent {
  //% block="melody note played"
  MelodyNotePlayed = 1,
  //% block="melody started"
  MelodyStarted = 2,
  //% block="melody ended"
  MelodyEnded = 3,
  //% block="melody repeated"
  MelodyRepeated = 4,
  //% block="background melody note played"
  BackgroundMelodyNotePlayed = 241,
  //% block="background melody started"
  BackgroundMelodyStarted = 242,
  //% block="background melody ended"
  BackgroundMelodyEnded = 243,
  //% block="background melody repeated"
  BackgroundMelodyRepeated = 244,
  //% block="background melody paused"
  BackgroundMelodyPaused = 245,
  //% block="background melody resumed"
  BackgroundMelodyResumed = 246,
}

/**
 * The melodies built into the micro:bit.
 */
declare const enum Melodies {
  //% block="dadadum" blockIdentity=music.builtInMelody
  Dadadadum = 0,
  //% block="entertainer" blockIdentity=music.builtInMelody
  Entertainer = 1,
  //% block="prelude" blockIdentity=music.builtInMelody
  Prelude = 2,
  //% block="ode" blockIdentity=music.builtInMelody
  Ode = 3,
  //% block="nyan" blockIdentity=music.builtInMelody
  Nyan = 4,
  //% block="ring tone" blockIdentity=music.builtInMelody
  Ringtone = 5,
  //% block="funk" blockIdentity=music.builtInMelody
  Funk = 6,
  //% block="blues" blockIdentity=music.builtInMelody
  Blues = 7,
  //% block="birthday" blockIdentity=music.builtInMelody
  Birthday = 8,
  //% block="wedding" blockIdentity=music.builtInMelody
  Wedding = 9,
  //% block="funeral" blockIdentity=music.builtInMelody
  Funeral = 10,
  //% block="punchline" blockIdentity=music.builtInMelody
  Punchline = 11,
  //% block="baddy" blockIdentity=music.builtInMelody
  Baddy = 12,
  //% block="chase" blockIdentity=music.builtInMelody
  Chase = 13,
  //% block="ba ding" blockIdentity=music.builtInMelody
  BaDing = 14,
  //% block="wawawawaa" blockIdentity=music.builtInMelody
  Wawawawaa = 15,
  //% block="jump up" blockIdentity=music.builtInMelody
  JumpUp = 16,
  //% block="jump down" blockIdentity=music.builtInMelody
  JumpDown = 17,
  //% block="power up" blockIdentity=music.builtInMelody
  PowerUp = 18,
  //% block="power down" blockIdentity=music.builtInMelody
  PowerDown = 19,
}

/**
 * The waveform of a sound effect.
 */
declare const enum WaveShape {
  //% block="sine"
  Sine = 0,
  //% block="sawtooth"
  Sawtooth = 1,
  //% block="triangle"
  Triangle = 2,
  //% block="square"
  Square = 3,
  //% block="noise"
  Noise = 4,
}

/**
 * How a sound effect's pitch moves from its start frequency to its end frequency.
 */
declare const enum InterpolationCurve {
  //% block="linear"
  Linear = 0,
  //% block="curve"
  Curve = 1,
  //% block="logarithmic"
  Logarithmic = 2,
}

/**
 * An extra wobble on a sound effect.
 */
declare const enum SoundExpressionEffect {
  //% block="none"
  None = 0,
  //% block="vibrato"
  Vibrato = 1,
  //% block="tremolo"
  Tremolo = 2,
  //% block="warble"
  Warble = 3,
}

/**
 * Whether `music.playSoundEffect` waits for the sound.
 */
declare const enum SoundExpressionPlayMode {
  //% block="until done"
  UntilDone = 0,
  //% block="in background"
  InBackground = 1,
}

/**
 * Play tones, melodies and sound effects through the speaker (or headphones on pin P0).
 */
//% color=#E63022 weight=106 icon="\uf025"
//% groups='["Melody", "Sound Effects", "Tone", "Volume", "Tempo", "Melody Advanced", "State"]'
declare namespace music {
  /**
   * Whether `music.play` waits for the sound, plays it alongside the program, or repeats it.
   */
  const enum PlaybackMode {
    //% block="until done"
    UntilDone = 0,
    //% block="in background"
    InBackground = 1,
    //% block="looping in background"
    LoopingInBackground = 2,
  }

  /**
   * Something `music.play` can play: a tone, a melody or a sound effect.
   */
  class Playable {
    /** Set when a sound looping in the background has been told to stop. */
    stopped: boolean;

    /**
     * Plays this sound in the given mode.
     */
    //% async
    _play(playbackMode: PlaybackMode): void;

    /**
     * Plays this sound again and again in the background until all sounds are stopped.
     */
    loop(): void;
  }

  /**
   * A melody written as notes, to play with `music.play`.
   */
  class StringArrayPlayable extends Playable {}

  /**
   * One tone of a given pitch and length, to play with `music.play`.
   */
  class TonePlayable extends Playable {
    constructor(pitch: number, duration: number);
    /** The frequency in hertz. */
    pitch: number;
    /** The length in milliseconds. */
    duration: number;
  }

  /**
   * Plays a tone for a time, then goes on with the program.
   * @param frequency the pitch in hertz, eg: Note.C
   * @param ms how long to play, in milliseconds
   */
  //% help=music/play-tone weight=90
  //% blockId=device_play_note block="play|tone %note=device_note|for %duration=device_beat" blockGap=8
  //% parts="headphone" useEnumVal=1 group="Tone" deprecated=1 async
  function playTone(frequency: number, ms: number): void;

  /**
   * Plays a tone that keeps sounding until another tone, a rest or a stop.
   * @param frequency the pitch in hertz, eg: Note.C
   */
  //% help=music/ring-tone weight=80
  //% blockId=device_ring block="ring tone (Hz)|%note=device_note" blockGap=8
  //% parts="headphone" useEnumVal=1 group="Tone"
  function ringTone(frequency: number): void;

  /**
   * Plays nothing for a time (the tone stops), then goes on with the program.
   * @param ms how long to rest, in milliseconds
   */
  //% help=music/rest weight=79
  //% blockId=device_rest block="rest for |%duration=device_beat"
  //% parts="headphone" group="Tone" async
  function rest(ms: number): void;

  /**
   * The frequency of a note, in hertz.
   * @param name the note
   */
  //% weight=50 help=music/note-frequency
  //% blockId=device_note block="%name"
  //% shim=TD_ID color="#FFFFFF" colorSecondary="#FFFFFF"
  //% name.fieldEditor="note" name.defl="262"
  //% name.fieldOptions.decompileLiterals=true
  //% useEnumVal=1 group="Tone" blockGap=8
  function noteFrequency(name: Note): number;

  /**
   * How long a beat (or part of one) lasts at the current tempo, in milliseconds.
   * @param fraction the part of a beat, eg: BeatFraction.Whole
   */
  //% help=music/beat weight=49
  //% blockId=device_beat block="%fraction|beat"
  //% group="Tempo" blockGap=8
  function beat(fraction?: BeatFraction): number;

  /**
   * The tempo in beats per minute: the higher, the faster notes play.
   */
  //% help=music/tempo weight=40
  //% blockId=device_tempo block="tempo (bpm)" blockGap=8
  //% group="Tempo"
  function tempo(): number;

  /**
   * Makes the tempo faster (or slower, with a negative number).
   * @param bpm beats per minute to add, eg: 20
   */
  //% help=music/change-tempo-by weight=100
  //% blockId=device_change_tempo block="change tempo by (bpm)|%value" blockGap=8
  //% group="Tempo"
  function changeTempoBy(bpm: number): void;

  /**
   * Sets the tempo in beats per minute.
   * @param bpm the new tempo, eg: 120
   */
  //% help=music/set-tempo weight=99
  //% blockId=device_set_tempo block="set tempo to (bpm)|%value"
  //% bpm.min=40 bpm.max=500 group="Tempo"
  function setTempo(bpm: number): void;

  /**
   * Plays a tone, melody or sound effect: until it is done, alongside the program, or again and
   * again in the background.
   * @param toPlay what to play
   * @param playbackMode wait for it, play alongside, or repeat
   */
  //% help=music/play
  //% blockId=music_playable_play block="play $toPlay $playbackMode"
  //% toPlay.shadow=music_string_playable
  //% group="Melody" blockHidden=1 async
  function play(toPlay: Playable, playbackMode: PlaybackMode): void;

  /**
   * Plays a tone, melody or sound effect; the block starts in "in background" mode.
   * @param toPlay what to play
   * @param playbackMode wait for it, play alongside, or repeat
   */
  //% help=music/play
  //% blockId=music_playable_play_default_bkg block="play $toPlay $playbackMode"
  //% toPlay.shadow=music_string_playable
  //% playbackMode.defl=music.PlaybackMode.InBackground
  //% group="Melody" blockHidden=1 async
  function _playDefaultBackground(toPlay: Playable, playbackMode: PlaybackMode): void;

  /**
   * A melody from the melody editor, at a tempo, to play with `music.play`.
   * @param melody up to eight notes (C D E F G A B C5) or rests (-) separated by spaces, eg: "E D G F B A C5 B "
   * @param bpm beats per minute, eg: 120
   */
  //% help=music/string-playable weight=85 blockGap=8
  //% blockId=music_string_playable block="melody $melody at tempo $bpm|(bpm)"
  //% toolboxParent=music_playable_play toolboxParentArgument=toPlay
  //% duplicateShadowOnDrag melody.shadow=melody_editor
  //% bpm.min=40 bpm.max=500 bpm.defl=120 group="Melody"
  function stringPlayable(melody: string, bpm: number): Playable;

  /**
   * A tone of a given pitch and length, to play with `music.play`.
   * @param note the pitch in hertz
   * @param duration the length in milliseconds
   */
  //% help=music/tone-playable weight=85
  //% blockId=music_tone_playable block="tone $note for $duration"
  //% toolboxParent=music_playable_play toolboxParentArgument=toPlay
  //% duplicateShadowOnDrag note.shadow=device_note duration.shadow=device_beat
  //% parts="headphone" group="Tone"
  function tonePlayable(note: number, duration: number): Playable;

  /**
   * A song made in the song editor (tracks of notes and drums at a tempo), to play with `music.play`.
   * @param song the song's bytes, as a hex literal
   */
  //% help=music/create-song weight=84
  //% blockId=music_song_field_editor block="song $song"
  //% song.fieldEditor=musiceditor
  //% song.fieldOptions.decompileLiterals=true
  //% song.fieldOptions.taggedTemplate="hex;assets.song"
  //% song.fieldOptions.decompileIndirectFixedInstances="true"
  //% song.fieldOptions.decompileArgumentAsString="true"
  //% song.snippet="hex`00780004080100`"
  //% toolboxParent=music_playable_play toolboxParentArgument=toPlay
  //% duplicateShadowOnDrag group="Songs"
  function createSong(song: Buffer): Playable;

  /**
   * A built-in melody, to play with `music.play`.
   * @param melody which melody, eg: Melodies.Dadadadum
   */
  //% help=music/built-in-playable-melody weight=60
  //% blockId=device_builtin_melody_playable block="melody $melody"
  //% toolboxParent=music_playable_play_default_bkg toolboxParentArgument=toPlay
  //% duplicateShadowOnDrag group="Melody Advanced"
  function builtInPlayableMelody(melody: Melodies): StringArrayPlayable;

  /**
   * The notes of a built-in melody, as a list of note texts.
   * @param melody which melody, eg: Melodies.Dadadadum
   */
  //% help=music/builtin-melody weight=50
  //% blockId=device_builtin_melody block="%melody"
  //% blockHidden=true group="Melody Advanced" deprecated=1
  function builtInMelody(melody: Melodies): string[];

  /**
   * A melody made with the melody editor.
   * @param melody the notes
   */
  //% help=music/melody-editor weight=85 blockGap=8
  //% blockId=melody_editor block="$melody"
  //% blockHidden=true duplicateShadowOnDrag
  //% melody.fieldEditor="melody"
  //% melody.fieldOptions.decompileLiterals=true
  //% melody.fieldOptions.decompileIndirectFixedInstances="true"
  //% melody.fieldOptions.onParentBlock="true"
  //% shim=TD_ID group="Melody"
  function melodyEditor(melody: string): string;

  /**
   * Starts playing a melody made of note texts like "c4:2" (note, octave, length in quarter beats).
   * @param melodyArray the notes
   * @param options once or forever, waiting or in the background
   */
  //% help=music/begin-melody weight=60 blockGap=16
  //% blockId=device_start_melody block="start melody %melody=device_builtin_melody| repeating %options"
  //% parts="headphone" group="Melody Advanced" deprecated=1
  function startMelody(melodyArray: string[], options?: MelodyOptions): void;

  /**
   * The old name of `music.startMelody`.
   * @param melodyArray the notes
   * @param options once or forever, waiting or in the background
   */
  //% help=music/begin-melody hidden=1 deprecated=1 parts="headphone" group="Melody Advanced"
  function beginMelody(melodyArray: string[], options?: MelodyOptions): void;

  /**
   * Plays a melody from the melody editor at a tempo, and waits until it is done.
   * @param melody up to eight notes (C D E F G A B C5) or rests (-) separated by spaces, eg: "E D G F B A C5 B "
   * @param tempo beats per minute, eg: 120
   */
  //% help=music/play-melody weight=85 blockGap=8
  //% blockId=playMelody block="play melody $melody at tempo $tempo|(bpm)"
  //% melody.shadow="melody_editor" tempo.min=40 tempo.max=500 tempo.defl=120
  //% parts=headphone group="Melody" deprecated=1 async
  function playMelody(melody: string, tempo: number): void;

  /**
   * Stops melodies: the one in the foreground, the one in the background, or both.
   * @param options which melodies to stop
   */
  //% help=music/stop-melody weight=59 blockGap=16
  //% blockId=device_stop_melody block="stop melody $options"
  //% parts="headphone" group="Melody Advanced"
  function stopMelody(options: MelodyStopOptions): void;

  /**
   * Runs code when a melody starts, plays a note, repeats or ends.
   * @param value the melody event
   * @param handler the code to run
   */
  //% help=music/on-event weight=59 blockGap=32
  //% blockId=melody_on_event block="music on %value"
  //% group="Melody Advanced"
  function onEvent(value: MusicEvent, handler: () => void): void;

  /**
   * Replaces the function melodies and tones play through (for extra sound hardware).
   * @param f the function that plays a frequency for a time
   */
  //% help=music/set-play-tone advanced=true group="Tone"
  function setPlayTone(f: (frequency: number, duration: number) => void): void;

  /**
   * Stops every sound: tones, melodies and sound effects.
   */
  //% help=music/stop-all-sounds weight=10
  //% blockId=music_stop_all_sounds block="stop all sounds"
  //% group="Volume"
  function stopAllSounds(): void;

  /**
   * Sets how loud everything plays, from 0 (silent) to 255.
   * @param volume the volume, eg: 127
   */
  //% help=music/set-volume weight=70 blockGap=8
  //% blockId=synth_set_volume block="set volume %volume"
  //% volume.min=0 volume.max=255 volume.defl=127
  //% group="Volume"
  function setVolume(volume?: number): void;

  /**
   * How loud everything plays, from 0 (silent) to 255.
   */
  //% help=music/volume weight=69 blockGap=8
  //% blockId=synth_get_volume block="volume"
  //% group="Volume"
  function volume(): number;

  /**
   * Turns the built-in speaker on or off. Pin P0 still carries the sound for headphones.
   * @param enabled whether the speaker plays, eg: true
   */
  //% help=music/set-built-in-speaker-enabled weight=0
  //% blockId=music_set_built_in_speaker_enable block="set built-in speaker $enabled"
  //% enabled.shadow=toggleOnOff parts=builtinspeaker group="State"
  function setBuiltInSpeakerEnabled(enabled: boolean): void;

  /**
   * Whether any sound is playing right now, whatever started it.
   */
  //% help=music/is-sound-playing weight=0
  //% blockId=music_sound_is_playing block="sound is playing"
  //% group="State"
  function isSoundPlaying(): boolean;

  /**
   * Sets the level the speaker rests at between sounds (0 to 1024).
   * @param level the resting level, eg: 0
   */
  //% help=music/set-silence-level weight=1
  //% level.min=0 level.max=1024 level.defl=0 group="State"
  function setSilenceLevel(level?: number): void;

  /**
   * The text of a sound effect built from its parts (an older form of createSoundExpression).
   * @param waveShape the waveform
   * @param startFrequency the pitch it starts at (0-5000 Hz), eg: 5000
   * @param endFrequency the pitch it ends at (0-5000 Hz), eg: 0
   * @param startVolume the volume it starts at (0-255), eg: 255
   * @param endVolume the volume it ends at (0-255), eg: 0
   * @param duration how long it lasts, in milliseconds, eg: 500
   * @param effect an extra wobble
   * @param interpolation how the pitch moves
   */
  //% help=music/create-sound-effect
  //% blockId=soundExpression_createSoundEffect
  //% block="$waveShape|| start frequency $startFrequency end frequency $endFrequency duration $duration start volume $startVolume end volume $endVolume effect $effect interpolation $interpolation"
  //% waveShape.defl=WaveShape.Sine waveShape.fieldEditor=soundeffect
  //% startFrequency.defl=5000 startFrequency.min=0 startFrequency.max=5000
  //% endFrequency.defl=0 endFrequency.min=0 endFrequency.max=5000
  //% startVolume.defl=255 startVolume.min=0 startVolume.max=255
  //% endVolume.defl=0 endVolume.min=0 endVolume.max=255
  //% duration.defl=500 duration.min=1 duration.max=9999
  //% effect.defl=SoundExpressionEffect.None interpolation.defl=InterpolationCurve.Linear
  //% compileHiddenArguments=true inlineInputMode="variable" inlineInputModeLimit=3
  //% expandableArgumentBreaks="3,5" group="Sound Effects" deprecated=1
  function createSoundEffect(
    waveShape: WaveShape,
    startFrequency: number,
    endFrequency: number,
    startVolume: number,
    endVolume: number,
    duration: number,
    effect: SoundExpressionEffect,
    interpolation: InterpolationCurve,
  ): string;

  /**
   * A sound effect built from its parts, to play with `music.play`.
   * @param waveShape the waveform
   * @param startFrequency the pitch it starts at (0-5000 Hz), eg: 5000
   * @param endFrequency the pitch it ends at (0-5000 Hz), eg: 0
   * @param startVolume the volume it starts at (0-255), eg: 255
   * @param endVolume the volume it ends at (0-255), eg: 0
   * @param duration how long it lasts, in milliseconds, eg: 500
   * @param effect an extra wobble
   * @param interpolation how the pitch moves
   */
  //% help=music/create-sound-expression
  //% blockId=soundExpression_createSoundExpression
  //% block="$waveShape|| start frequency $startFrequency end frequency $endFrequency duration $duration start volume $startVolume end volume $endVolume effect $effect interpolation $interpolation"
  //% waveShape.defl=WaveShape.Sine waveShape.fieldEditor=soundeffect
  //% startFrequency.defl=5000 startFrequency.min=0 startFrequency.max=5000
  //% endFrequency.defl=0 endFrequency.min=0 endFrequency.max=5000
  //% startVolume.defl=255 startVolume.min=0 startVolume.max=255
  //% endVolume.defl=0 endVolume.min=0 endVolume.max=255
  //% duration.defl=500 duration.min=1 duration.max=9999
  //% effect.defl=SoundExpressionEffect.None interpolation.defl=InterpolationCurve.Linear
  //% compileHiddenArguments=true inlineInputMode="variable" inlineInputModeLimit=3
  //% expandableArgumentBreaks="3,5"
  //% duplicateWithToolboxParent=music_playable_play duplicateWithToolboxParentArgument=toPlay
  //% duplicateShadowOnDrag group="Sound Effects"
  function createSoundExpression(
    waveShape: WaveShape,
    startFrequency: number,
    endFrequency: number,
    startVolume: number,
    endVolume: number,
    duration: number,
    effect: SoundExpressionEffect,
    interpolation: InterpolationCurve,
  ): SoundExpression;

  /**
   * The text of a built-in sound effect (an older form of builtinPlayableSoundEffect).
   * @param soundExpression the built-in sound
   */
  //% help=music/builtin-sound-effect weight=98 blockGap=8
  //% blockId=soundExpression_builtinSoundEffect block="$soundExpression"
  //% toolboxParent=soundExpression_playSoundEffect toolboxParentArgument=sound
  //% group="Sound Effects" deprecated=1
  function builtinSoundEffect(soundExpression: SoundExpression): string;

  /**
   * A built-in sound effect, to play with `music.play`.
   * @param soundExpression the built-in sound
   */
  //% help=music/builtin-playable-sound-effect weight=98 blockGap=8
  //% blockId=soundExpression_builtinPlayableSoundEffect block="$soundExpression"
  //% toolboxParent=music_playable_play toolboxParentArgument=toPlay
  //% duplicateShadowOnDrag group="Sound Effects"
  function builtinPlayableSoundEffect(soundExpression: SoundExpression): SoundExpression;

  /**
   * Plays a sound effect given as text, waiting for it or not.
   * @param sound the sound expression text
   * @param mode wait until done, or play in the background
   */
  //% help=music/play-sound-effect weight=100 blockGap=8
  //% blockId=soundExpression_playSoundEffect block="play sound $sound $mode"
  //% sound.shadow=soundExpression_createSoundEffect
  //% group="Sound Effects" deprecated=1 async
  function playSoundEffect(sound: string, mode: SoundExpressionPlayMode): void;
}

/**
 * A sound effect: one of the built-in ones or one built with `music.createSoundExpression`.
 */
//% fixedInstances blockNamespace=music group="Sound Effects"
declare class SoundExpression extends music.Playable {
  constructor(notes: string);

  /**
   * Starts the sound and goes on with the program.
   */
  //% help=music/play block="play sound $this" weight=80 blockGap=8
  //% parts=builtinspeaker group="Sound Effects" deprecated=1
  play(): void;

  /**
   * Plays the sound and waits until it is done.
   */
  //% help=music/play-until-done block="play sound $this until done" weight=81 blockGap=8
  //% parts=builtinspeaker group="Sound Effects" deprecated=1 async
  playUntilDone(): void;

  /**
   * The sound's text (or the built-in sound's name).
   */
  getNotes(): string;
}

/**
 * The built-in sound effects.
 */
declare namespace soundExpression {
  //% fixedInstance whenUsed block="{id:soundexpression}giggle"
  const giggle: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}happy"
  const happy: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}hello"
  const hello: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}mysterious"
  const mysterious: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}sad"
  const sad: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}slide"
  const slide: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}soaring"
  const soaring: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}spring"
  const spring: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}twinkle"
  const twinkle: SoundExpression;
  //% fixedInstance whenUsed block="{id:soundexpression}yawn"
  const yawn: SoundExpression;
}
