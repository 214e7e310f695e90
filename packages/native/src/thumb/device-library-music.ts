// The device library's `music`: tempo, tones, playables, melodies with their events, and sound
// expressions, written in the learner's language subset (see device-library.ts). Behaviour
// follows the simulator (packages/boards/microbit/src/api/music*.ts), which follows MakeCode's
// device code (pxt-microbit libs/core/music.ts, melodies.ts, playable.ts, soundexpressions.ts):
// the same notes for the same time, the same melody events in the same order.

import { BUILT_IN_SOUND_EFFECT_NAMES, builtInMelody, MELODY_NAMES } from '@blockyard/sound';

/** MICROBIT_MELODY_ID: the event source of melody events. */
const MELODY_EVENT_SOURCE = 2000;

/** The built-in melodies (Melodies order) as TypeScript array literals of note strings. */
function melodySwitch(): string {
  return MELODY_NAMES.map(
    (_, i) =>
      `      case ${i}: return [${builtInMelody(i)
        .map((note) => JSON.stringify(note))
        .join(', ')}]`,
  ).join('\n');
}

/**
 * The built-in melodies as one text each (far smaller in flash than an array literal's code).
 * Each entry is one note, so reading the text note by note gives the array's notes.
 */
function melodyTextSwitch(): string {
  return MELODY_NAMES.map((_, i) => `      case ${i}: return ${JSON.stringify(builtInMelody(i).join(' '))}`).join('\n');
}

/** `soundExpression.<name>`: each built-in sound expression is its name (as in MakeCode). */
function soundExpressionFunctions(): string {
  return BUILT_IN_SOUND_EFFECT_NAMES.map(
    (name) => `  export function ${name}(): any[] {\n    return [2, 0, ${JSON.stringify(name)}]\n  }`,
  ).join('\n');
}

/** The API names of the built-in sound expressions (`soundExpression.giggle`, …). */
const SOUND_EXPRESSION_NAMES: readonly string[] = BUILT_IN_SOUND_EFFECT_NAMES;

/** The music part of the library's source text. */
export const MUSIC_LIBRARY_SOURCE = `namespace __device_music {
  let bpm = 120
  export function tempo(): number {
    return bpm > 0 ? bpm : 120
  }
  export function setTempo(value: number): void {
    if (value > 0) bpm = Math.max(1, value)
  }
  export function changeTempoBy(delta: number): void {
    setTempo(tempo() + delta)
  }
  export function beat(fraction: number = 1): number {
    let whole = Math.trunc(60000 / tempo())
    switch (fraction) {
      case 2: return whole >> 1
      case 4: return whole >> 2
      case 8: return whole >> 3
      case 16: return whole >> 4
      case 32: return whole << 1
      case 64: return whole << 2
      default: return whole
    }
  }
  // music.setPlayTone's replacement: tones, rests and melodies all play through it.
  let toneHandler: ((frequency: number, duration: number) => void) | undefined = undefined
  export function setPlayTone(f: (frequency: number, duration: number) => void): void {
    toneHandler = f
  }
  export function playTone(frequency: number, ms: number): void {
    if (toneHandler) toneHandler(frequency, ms)
    else pins.analogPitch(frequency, ms)
  }
  export function ringTone(frequency: number): void {
    if (toneHandler) {
      let handler = toneHandler
      control.inBackground(function () { handler(frequency, 0) })
    } else pins.analogPitch(frequency, 0)
  }
  // A Note is its frequency in hertz (the block only picks one).
  export function noteFrequency(name: number): number {
    return name
  }
  // The melody editor's block gives its text as it is.
  export function melodyEditor(melody: string): string {
    return melody
  }
  export function rest(ms: number): void {
    playTone(0, ms)
  }
}
// Melody text in MakeCode's notation (the simulator's rules: @blockyard/sound
// melody-notation.ts): letter, sharps/flats, octave, ":length"; R or - rests. Read on the
// device, since a melody's text can be made while the program runs. Notes come out as
// (hertz, quarter beats) pairs.
namespace __device_music {
  let readOctave = 4
  let readLength = 4
  let readAt = 0

  function isDigit(c: number): boolean {
    return c >= 48 && c <= 57
  }
  function isSpace(c: number): boolean {
    return c == 32 || c == 9 || c == 10 || c == 13
  }
  function skipSpace(text: string): void {
    while (readAt < text.length && isSpace(text.charCodeAt(readAt))) readAt++
  }
  function readNumber(text: string): number {
    let value = 0
    while (readAt < text.length && isDigit(text.charCodeAt(readAt))) {
      value = value * 10 + (text.charCodeAt(readAt) - 48)
      readAt++
    }
    return value
  }
  function semitone(c: number): number {
    switch (c | 32) {
      case 99: return 0
      case 100: return 2
      case 101: return 4
      case 102: return 5
      case 103: return 7
      case 97: return 9
      case 98: return 11
      default: return -3
    }
  }
  // The note table (B0 = 0, A4 = 46 = 440 Hz), equal-tempered and rounded, computed rather than
  // stored so programs without melodies carry no table.
  export function keyHz(key: number): number {
    if (key < 0) return 0
    return Math.round(440 * Math.pow(2, (key - 46) / 12))
  }
  // Reads one note of text from readAt and adds its (hertz, length) to out.
  function readNote(text: string, resetOctave: boolean, out: number[]): void {
    if (resetOctave) readOctave = 4
    // -2: no note yet; -1: a rest.
    let note = -2
    let modifier = 0
    while (readAt < text.length) {
      let c = text.charCodeAt(readAt)
      readAt++
      if (isSpace(c)) break
      if (c == 35) modifier++
      else if (c == 45 || c == 114 || c == 82) {
        if (note != -2) {
          readAt--
          break
        }
        note = -1
      } else if (c == 98) {
        if (note == -2) note = 11
        else modifier--
      } else if (isDigit(c)) {
        if (note != -2) {
          readAt--
          readOctave = readNumber(text)
        }
      } else if (semitone(c) >= 0) {
        if (note != -2) {
          readAt--
          break
        }
        note = semitone(c)
      } else if (c == 58) {
        readLength = Math.max(1, readNumber(text))
        break
      }
    }
    skipSpace(text)
    let hz = 0
    if (note >= 0) hz = keyHz(note + modifier + 1 + 12 * (readOctave - 1))
    out.push(hz)
    out.push(readLength)
  }
  function textNotes(text: string, resetOctave: boolean, out: number[]): void {
    readAt = 0
    skipSpace(text)
    while (readAt < text.length) readNote(text, resetOctave, out)
  }
  // Melody-editor text: every note without an octave is in octave 4; both passes alike.
  export function editorNotes(melody: string): number[] {
    let notes: number[] = []
    readOctave = 4
    readLength = 4
    textNotes(melody ? melody : "", true, notes)
    let out = [notes.length >> 1]
    for (let pass = 0; pass < 2; pass++) for (let i = 0; i < notes.length; i++) out.push(notes[i])
    return out
  }
  // An array of note texts, one note each: octave and length carry over, also into the later
  // passes of a repeating melody.
  export function arrayNotes(melody: string[]): number[] {
    let notes: number[] = []
    readOctave = 4
    readLength = 4
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < melody.length; i++) {
        let text = melody[i] ? melody[i] : ""
        readAt = 0
        skipSpace(text)
        readNote(text, false, notes)
      }
    }
    let out = [melody.length]
    for (let i = 0; i < notes.length; i++) out.push(notes[i])
    return out
  }
  export function builtInMelody(melody: number): string[] {
    switch (melody) {
${melodySwitch()}
    }
    return []
  }
  function builtInText(melody: number): string {
    switch (melody) {
${melodyTextSwitch()}
    }
    return ""
  }
  // A built-in melody's notes as arrayNotes would read its array (two passes of its text).
  export function builtInNotes(melody: number): number[] {
    let notes: number[] = []
    readOctave = 4
    readLength = 4
    textNotes(builtInText(melody), false, notes)
    textNotes(builtInText(melody), false, notes)
    let out = [notes.length >> 2]
    for (let i = 0; i < notes.length; i++) out.push(notes[i])
    return out
  }
}
// The melody player (the simulator's MelodyPlayer, MakeCode's melody fiber): one fiber plays the
// current melody note by note through playTone, each note at the tempo of the moment, and raises
// the melody events on source ${MELODY_EVENT_SOURCE}: a new melody replaces the current one after
// its sounding note (the old one "ends"); a foreground melody pauses a background one, which
// resumes when it is over; "until done" waits for the internal event 5.
// A melody is [position, passes, repeating, background (0 or 0xf0), n, the first pass's n
// (hertz, quarter beats) pairs, the later passes' n pairs].
namespace __device_music {
  let current: number[] | undefined = undefined
  let paused: number[] | undefined = undefined

  function raise(value: number): void {
    control.raiseEvent(${MELODY_EVENT_SOURCE}, value)
  }
  export function onEvent(value: number, handler: () => void): void {
    control.onEvent(${MELODY_EVENT_SOURCE}, value, handler)
  }
  function waitForEnd(): void {
    control.waitForEvent(${MELODY_EVENT_SOURCE}, 5)
  }
  // notes: [n, first pass pairs, later pass pairs] (editorNotes, arrayNotes, builtInNotes).
  function newMelody(notes: number[], options: number): number[] {
    let melody = [0, 0, (options & 10) != 0 ? 1 : 0, (options & 12) != 0 ? 0xf0 : 0]
    for (let i = 0; i < notes.length; i++) melody.push(notes[i])
    return melody
  }
  function hasNextNote(melody: number[]): boolean {
    return melody[4] > 0 && (melody[2] == 1 || melody[0] < melody[4])
  }
  function playNextNote(melody: number[]): void {
    let n = melody[4]
    let at = 5 + 2 * (melody[0] + (melody[1] > 0 ? n : 0))
    let repeated = melody[2] == 1 && melody[0] == n - 1
    if (repeated) {
      melody[0] = 0
      melody[1] = melody[1] + 1
    } else melody[0] = melody[0] + 1
    playTone(melody[at], melody[at + 1] * (Math.trunc(60000 / tempo()) >> 2))
    raise(melody[3] | 1)
    if (repeated) raise(melody[3] | 4)
  }
  function run(): void {
    while (current && hasNextNote(current)) {
      playNextNote(current)
      // Another fiber may have started a melody meanwhile: the checks read the current one.
      if (current && !hasNextNote(current) && paused) {
        current = paused
        paused = undefined
        raise(3)
        raise(0xf6)
        raise(5)
      }
    }
    let last = current
    current = undefined
    if (!last) return
    raise(last[3] | 3)
    if (last[3] == 0) raise(5)
  }
  export function startNotes(notes: number[], options: number): void {
    let melody = newMelody(notes, options)
    if (current) {
      if (melody[3] == 0 && current[3] != 0) {
        paused = current
        current = undefined
        raise(0xf5)
      }
      if (current) raise(current[3] | 3)
      current = melody
      raise(melody[3] | 2)
    } else {
      current = melody
      raise(melody[3] | 2)
      control.inBackground(run)
    }
  }
  export function startMelody(melodyArray: string[], options: number = 1): void {
    startNotes(arrayNotes(melodyArray), options)
  }
  export function stopMelody(options: number): void {
    if (options & 4) startNotes([0], 4)
    if (options & 1) startNotes([0], 1)
  }
  export function playMelody(melody: string, bpm: number): void {
    setTempo(bpm)
    startNotes(editorNotes(melody), 1)
    waitForEnd()
  }
  // Playables (music.play): [kind, stopped, ...]. A tone is [0, stopped, hertz, ms]; a melody
  // [1, stopped, tempo or 0, melody notes (editorNotes …)]; a sound expression
  // [2, stopped, its text or a built-in sound's name].
  export function tonePlayable(note: number, duration: number): any[] {
    return [0, 0, note, duration]
  }
  export function tonePitch(toPlay: any[]): number {
    return toPlay[2]
  }
  export function toneDuration(toPlay: any[]): number {
    return toPlay[3]
  }
  export function stopped(toPlay: any[]): boolean {
    return toPlay[1] == 1
  }
  function melodyPlayable(bpm: number, notes: number[]): any[] {
    let out: any[] = [1, 0, bpm > 0 ? bpm : 0]
    for (let i = 0; i < notes.length; i++) out.push(notes[i])
    return out
  }
  export function stringPlayable(melody: string, bpm: number): any[] {
    return melodyPlayable(bpm, editorNotes(melody))
  }
  export function builtInPlayableMelody(melody: number): any[] {
    return melodyPlayable(0, builtInNotes(melody))
  }
  function playableNotes(toPlay: any[]): number[] {
    let notes: number[] = []
    for (let i = 3; i < toPlay.length; i++) notes.push(toPlay[i])
    return notes
  }
  // Playables looping in the background (Playable.loop): stopAllSounds stops them all.
  let looping: any[][] = []
  export function loop(toPlay: any[]): void {
    looping.push(toPlay)
    toPlay[1] = 0
    control.inBackground(function () {
      while (toPlay[1] == 0) {
        let before = control.millis()
        play(toPlay, 0)
        // A sound of no length would spin without letting time pass.
        if (control.millis() == before) basic.pause(0)
      }
    })
  }
  export function play(toPlay: any[], playbackMode: number): void {
    if (!toPlay) return
    let kind = toPlay[0]
    if (kind == 0) {
      if (playbackMode == 1) control.inBackground(function () { playTone(toPlay[2], toPlay[3]) })
      else if (playbackMode == 0) playTone(toPlay[2], toPlay[3])
      else loop(toPlay)
    } else if (kind == 1) {
      if (toPlay[2] > 0) setTempo(toPlay[2])
      if (playbackMode == 1) startNotes(playableNotes(toPlay), 4)
      else if (playbackMode == 2) startNotes(playableNotes(toPlay), 8)
      else {
        startNotes(playableNotes(toPlay), 1)
        waitForEnd()
      }
    } else if (kind == 2) {
      if (playbackMode == 1) __device_SoundExpression.play(toPlay)
      else if (playbackMode == 0) __device_SoundExpression.playUntilDone(toPlay)
      else loop(toPlay)
    } else if (kind == 3) {
      // The song player comes with the playable, so programs without songs do not carry it.
      let song: Buffer = toPlay[2]
      let player: (song: Buffer) => void = toPlay[3]
      if (playbackMode == 1) control.inBackground(function () { player(song) })
      else if (playbackMode == 0) player(song)
      else loop(toPlay)
    }
  }
  // Songs (music.createSong): [3, stopped, the song's bytes, the song player] (the simulator's song format,
  // @blockyard/sound song-codec.ts). The device plays one note at a time through playTone (DAL
  // has no synthesizer): at each moment the note that started last (the highest of a chord),
  // until it ends or the next one starts; the song lasts its measures, as in the simulator.
  export function createSong(song: Buffer): any[] {
    return [3, 0, song, playSong]
  }
  let songsStopped = 0
  function u16(song: Buffer, at: number): number {
    return song.getUint8(at) | (song.getUint8(at + 1) << 8)
  }
  // The start frequency of drum number index of the kit at bytes [at, end).
  function drumHz(song: Buffer, at: number, end: number, index: number): number {
    for (let i = 0; i < index && at < end; i++) at += 5 + 7 * song.getUint8(at)
    return at + 3 <= end ? u16(song, at + 1) : 0
  }
  // (start tick, end tick, hertz) triples of every note of every track, by start then hertz.
  function songNotes(song: Buffer): number[] {
    let notes: number[] = []
    let at = 7
    let tracks = song.getUint8(6)
    for (let t = 0; t < tracks && at + 4 <= song.length; t++) {
      let drums = song.getUint8(at + 1) != 0
      let kit = at + 4
      let kitEnd = kit + u16(song, at + 2)
      let octave = !drums && kitEnd - kit >= 28 ? song.getUint8(kit + 27) : 0
      if (kitEnd + 2 > song.length) break
      at = kitEnd + 2
      let end = Math.min(at + u16(song, kitEnd), song.length)
      while (at + 5 <= end) {
        let count = song.getUint8(at + 4)
        for (let n = 0; n < count && at + 5 + n < end; n++) {
          let b = song.getUint8(at + 5 + n)
          let hz = drums ? drumHz(song, kit, kitEnd, b) : keyHz((b & 0x3f) + (octave - 2) * 12)
          if (hz <= 0) continue
          let start = u16(song, at)
          let i = notes.length
          while (i > 0 && (notes[i - 3] > start || (notes[i - 3] == start && notes[i - 1] > hz))) i -= 3
          notes.insertAt(i, hz)
          notes.insertAt(i, u16(song, at + 2))
          notes.insertAt(i, start)
        }
        at += 5 + count
      }
      at = end
    }
    return notes
  }
  function playSong(song: Buffer): void {
    if (!song || song.length < 7) return
    let bpm = u16(song, 1)
    let ticksPerBeat = song.getUint8(4)
    if (bpm == 0 || ticksPerBeat == 0) return
    let generation = songsStopped
    let notes = songNotes(song)
    let total = song.getUint8(5) * song.getUint8(3) * ticksPerBeat
    // The ms at which a tick sounds: tick * 60000 / bpm / ticksPerBeat, from the song's start.
    let perTick = 60000 / (bpm * ticksPerBeat)
    let start = control.millis()
    let tick = 0
    for (let i = 0; i < notes.length && songsStopped == generation; i += 3) {
      // A chord sounds its highest note: the last of those that start together.
      if (i + 3 < notes.length && notes[i + 3] == notes[i]) continue
      let from = Math.max(notes[i], tick)
      let to = notes[i + 1]
      if (i + 3 < notes.length && notes[i + 3] < to) to = notes[i + 3]
      if (to <= from) continue
      if (!songWait(start + Math.round(from * perTick), generation)) return
      playTone(notes[i + 2], Math.round(to * perTick) - Math.round(from * perTick))
      tick = to
    }
    songWait(start + Math.round(total * perTick), generation)
  }
  // Pauses until control.millis() reaches time, in short steps so that stopAllSounds ends the
  // wait (as in the simulator); false when the song was stopped.
  function songWait(time: number, generation: number): boolean {
    while (songsStopped == generation) {
      let left = time - control.millis()
      if (left <= 0) return true
      basic.pause(Math.min(left, 20))
    }
    return false
  }
  export function stopAllSounds(): void {
    songsStopped++
    stopMelody(5)
    for (let i = 0; i < looping.length; i++) looping[i][1] = 1
    looping = []
    pins.analogPitch(0, 0)
    __firmware_music.__stopSoundExpressions()
  }
}
// Sound expressions. The firmware plays them on the V2 (CODAL's sound expressions, by text or
// built-in name); DAL (V1) has no synthesizer and its __playSoundExpression stops the program
// with panic 927, so on a V1 they are silent and do not wait (MakeCode's V1 build panics).
namespace __firmware_music {
  export function __playSoundExpression(notes: string, waitTillDone: boolean): void {}
  export function __stopSoundExpressions(): void {}
}
namespace __firmware_control {
  export function _hardwareVersion(): string {
    return ""
  }
}
namespace __device_SoundExpression {
  // new SoundExpression(text): what is not text plays nothing (as in the simulator).
  export function create(notes: string): any[] {
    return [2, 0, notes ? notes : ""]
  }
  // 0: not asked yet, 1: a V1 (DAL), 2: a V2 (CODAL).
  let board = 0
  function canPlay(): boolean {
    if (board == 0) board = __firmware_control._hardwareVersion().charAt(0) == "1" ? 1 : 2
    return board == 2
  }
  export function play(sound: any[]): void {
    if (canPlay()) __firmware_music.__playSoundExpression(sound[2], false)
  }
  export function playUntilDone(sound: any[]): void {
    if (canPlay()) __firmware_music.__playSoundExpression(sound[2], true)
  }
  export function getNotes(sound: any[]): string {
    return sound[2]
  }
}
namespace __device_soundExpression {
${soundExpressionFunctions()}
}
// music.createSoundEffect: the 72-digit text of one sound (the simulator's createSoundEffect,
// @blockyard/sound sound-effect.ts): fields zero-padded, clamped to their digits.
namespace __device_music {
  function clampTo(value: number, low: number, high: number): number {
    // value - value is NaN for NaN and the infinities.
    return Math.max(low, Math.min(high, value - value == 0 ? value : low))
  }
  function digits(value: number, width: number): string {
    let whole = Math.trunc(value - value == 0 ? value : 0)
    let text = "" + clampTo(whole, 0, Math.pow(10, width) - 1)
    while (text.length < width) text = "0" + text
    return text
  }
  function volumeDigits(volume: number): string {
    return digits(clampTo(Math.trunc((clampTo(volume, 0, 255) / 255) * 1023), 0, 1023), 4)
  }
  export function createSoundEffect(waveShape: number, startFrequency: number, endFrequency: number, startVolume: number, endVolume: number, duration: number, effect: number, interpolation: number): string {
    let fx = clampTo(Math.trunc(effect), 0, 3)
    let shape = 1
    let steps = 128
    if (interpolation == 1) {
      shape = 2
      steps = 90
    } else if (interpolation == 2) {
      shape = 18
      steps = 90
    }
    let fxParam = 0
    let fxSteps = 0
    if (fx == 1) {
      fxParam = 2
      fxSteps = 512
    } else if (fx == 2) {
      fxParam = 3
      fxSteps = 900
    } else if (fx == 3) {
      fxParam = 2
      fxSteps = 700
    }
    return digits(clampTo(Math.trunc(waveShape), 0, 4), 1) + volumeDigits(startVolume) +
      digits(clampTo(Math.trunc(startFrequency), 0, 9999), 4) + digits(clampTo(Math.trunc(duration), 0, 9999), 4) +
      digits(shape, 2) + "000" + digits(clampTo(Math.trunc(endFrequency), 0, 9999), 4) + "0000" +
      volumeDigits(endVolume) + digits(steps, 4) + digits(fx, 2) + digits(fxParam, 4) + digits(fxSteps, 4) +
      "0000000000000000000000000000"
  }
  export function createSoundExpression(waveShape: number, startFrequency: number, endFrequency: number, startVolume: number, endVolume: number, duration: number, effect: number, interpolation: number): any[] {
    return [2, 0, createSoundEffect(waveShape, startFrequency, endFrequency, startVolume, endVolume, duration, effect, interpolation)]
  }
  export function builtinSoundEffect(sound: any[]): string {
    return sound[2]
  }
  export function builtinPlayableSoundEffect(sound: any[]): any[] {
    return sound
  }
  export function playSoundEffect(sound: string, mode: number): void {
    let expression: any[] = [2, 0, sound ? sound : ""]
    if (mode == 1) __device_SoundExpression.play(expression)
    else __device_SoundExpression.playUntilDone(expression)
  }
}
`;

/** API name (or `name:libraryFunction`) of every music function the library implements. */
export const MUSIC_LIBRARY_ENTRIES: readonly string[] = [
  'music.tempo',
  'music.setTempo',
  'music.changeTempoBy',
  'music.beat',
  'music.noteFrequency',
  'music.melodyEditor',
  'music.playTone',
  'music.ringTone',
  'music.rest',
  'music.tonePlayable',
  'music.stringPlayable',
  'music.builtInMelody',
  'music.builtInPlayableMelody',
  'music.play',
  'music._playDefaultBackground:play',
  'music.Playable._play:play',
  'music.Playable.loop:loop',
  'music.Playable.stopped:stopped',
  'music.TonePlayable.pitch:tonePitch',
  'music.TonePlayable.duration:toneDuration',
  'music.playMelody',
  'music.startMelody',
  'music.beginMelody:startMelody',
  'music.stopMelody',
  'music.onEvent',
  'music.stopAllSounds',
  'music.setPlayTone',
  'music.createSoundEffect',
  'music.createSoundExpression',
  'music.builtinSoundEffect',
  'music.builtinPlayableSoundEffect',
  'music.playSoundEffect',
  'music.createSong',
  // Constructors of the API's classes (the IR calls them by the class's name).
  'SoundExpression:SoundExpression.create',
  'music.TonePlayable:tonePlayable',
  'SoundExpression.play',
  'SoundExpression.playUntilDone',
  'SoundExpression.getNotes',
  ...SOUND_EXPRESSION_NAMES.map((name) => `soundExpression.${name}`),
];
