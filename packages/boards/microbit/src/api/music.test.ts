import { describe, expect, it } from 'vitest';
import { builtInMelody, melodyNoteHz, parseMelody } from '@blockyard/sound';
import type { PlayedNote } from '../state/speaker.ts';
import { emitters, run, start } from '../test/programs.ts';

/** Notes board 1 played, as "start frequency×duration source". */
function played(notes: readonly PlayedNote[]): string[] {
  return notes.map((n) => `${n.start} ${n.frequency}x${n.duration} ${n.source}`);
}

function notesOf(source: string, timeMs = 5000): string[] {
  return played(run(source, { timeMs }).world.boards[0]!.speaker.notes);
}

/** The text of each serial line, without its time. */
function texts(lines: string[]): string[] {
  return lines.map((line) => line.slice(line.indexOf(' ') + 1));
}

describe('music tones', () => {
  it('playTone sounds for its duration and waits for it; rest is silence that waits', () => {
    const result = run(`music.playTone(Note.C, 500)
music.rest(250)
music.playTone(Note.A, music.beat(BeatFraction.Quarter))
serial.writeValue("t", control.millis())`);
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual(['0 262x500 tone', '750 440x125 tone']);
    expect(result.lines).toEqual(['875 t:875']);
  });

  it('ringTone keeps sounding until the next tone, without waiting', () => {
    const t = start(`music.ringTone(Note.E)
basic.pause(300)
music.ringTone(Note.G)
basic.pause(200)
music.rest(0)`);
    t.advance(100);
    expect(t.board.speaker.notes[0]).toMatchObject({ frequency: 330, start: 0, duration: Infinity });
    expect(t.board.speaker.isPlaying()).toBe(true);
    t.advance(1000);
    expect(played(t.board.speaker.notes)).toEqual(['0 330x300 tone', '300 392x200 tone']);
    expect(t.board.speaker.isPlaying()).toBe(false);
  });

  it('takes whole numbers like the device and ignores NaN', () => {
    expect(notesOf('music.playTone(261.9, 100.7)\nmusic.playTone(0/0, 100)\nmusic.playTone(440, 0/0)')).toEqual([
      '0 261x100 tone',
    ]);
  });

  it('gives note frequencies from the Note enum', () => {
    const result = run(`serial.writeNumbers([music.noteFrequency(Note.C), Note.CSharp5, Note.A3, Note.B5])`);
    expect(texts(result.lines)).toEqual(['262,555,220,988']);
  });
});

describe('music beat and tempo', () => {
  it('computes beats with whole milliseconds at the current tempo', () => {
    const result = run(`serial.writeNumbers([music.tempo(), music.beat(), music.beat(BeatFraction.Whole),
  music.beat(BeatFraction.Half), music.beat(BeatFraction.Quarter), music.beat(BeatFraction.Eighth),
  music.beat(BeatFraction.Sixteenth), music.beat(BeatFraction.Double), music.beat(BeatFraction.Breve)])
music.setTempo(90)
serial.writeNumbers([music.tempo(), music.beat(BeatFraction.Whole), music.beat(BeatFraction.Quarter)])
music.changeTempoBy(-30)
serial.writeNumbers([music.tempo(), music.beat()])
music.setTempo(0)
music.setTempo(-5)
music.changeTempoBy(0/0)
serial.writeNumber(music.tempo())`);
    expect(texts(result.lines)).toEqual(['120,500,500,250,125,62,31,1000,2000', '90,666,166', '60,1000', '60']);
  });

  it('plays each melody note at the tempo of the moment it starts', () => {
    const notes = notesOf(`music.startMelody(["c4:4", "d", "e", "f"], MelodyOptions.OnceInBackground)
basic.pause(600)
music.setTempo(240)`);
    expect(notes).toEqual(['0 262x500 melody', '500 294x500 melody', '1000 330x248 melody', '1248 349x248 melody']);
  });
});

describe('music.play', () => {
  it('plays a tone until done, in the background, or looping until all sounds stop', () => {
    const result = run(`music.play(music.tonePlayable(Note.C, 200), music.PlaybackMode.UntilDone)
serial.writeValue("a", control.millis())
music.play(music.tonePlayable(Note.D, 200), music.PlaybackMode.InBackground)
serial.writeValue("b", control.millis())
basic.pause(300)
music.play(music.tonePlayable(Note.E, 100), music.PlaybackMode.LoopingInBackground)
basic.pause(350)
music.stopAllSounds()`);
    expect(texts(result.lines)).toEqual(['a:200', 'b:200']);
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual([
      '0 262x200 tone',
      '200 294x200 tone',
      '500 330x100 tone',
      '600 330x100 tone',
      '700 330x100 tone',
      '800 330x50 tone',
    ]);
  });

  it('plays a melody-editor string at its tempo until done (the note after C5 is octave 4)', () => {
    const result = run(`music.play(music.stringPlayable("E D G F B A C5 B ", 120), music.PlaybackMode.UntilDone)
serial.writeValue("done", control.millis())
serial.writeValue("tempo", music.tempo())`);
    const frequencies = result.world.boards[0]!.speaker.notes.map((n) => n.frequency);
    expect(frequencies).toEqual([330, 294, 392, 349, 494, 440, 523, 494]);
    expect(result.world.boards[0]!.speaker.notes.every((n) => n.duration === 500 && n.source === 'melody')).toBe(true);
    expect(texts(result.lines)).toEqual(['done:4000', 'tempo:120']);
  });

  it('plays a built-in melody in the background while the program goes on', () => {
    const result = run(`music.play(music.builtInPlayableMelody(Melodies.JumpUp), music.PlaybackMode.InBackground)
serial.writeValue("t", control.millis())`);
    expect(texts(result.lines)).toEqual(['t:0']);
    const expected = parseMelody(builtInMelody('jumpUp')).map((note) => melodyNoteHz(note));
    expect(result.world.boards[0]!.speaker.notes.map((n) => n.frequency)).toEqual(expected);
    expect(played(result.world.boards[0]!.speaker.notes).map((n) => n.split(' ')[0])).toEqual([
      '0',
      '125',
      '250',
      '375',
    ]);
  });

  it('loops a melody in the background until stopAllSounds', () => {
    const notes = notesOf(`music.play(music.stringPlayable("C D", 600), music.PlaybackMode.LoopingInBackground)
basic.pause(1000)
music.stopAllSounds()
basic.pause(1000)`);
    // 600 bpm: 100 ms a note. The note sounding at the stop is cut short.
    expect(notes).toEqual([
      '0 262x100 melody',
      '100 294x100 melody',
      '200 262x100 melody',
      '300 294x100 melody',
      '400 262x100 melody',
      '500 294x100 melody',
      '600 262x100 melody',
      '700 294x100 melody',
      '800 262x100 melody',
      '900 294x100 melody',
    ]);
  });

  it('stops the program with a clear error when there is nothing to play', () => {
    const result = run('let sound: music.Playable = null\nmusic.play(sound, music.PlaybackMode.UntilDone)');
    expect(result.error?.message).toBe('Dereferencing null/undefined value.');
    expect(result.error?.position?.line).toBe(2);
  });

  it('plays through _playDefaultBackground the same way', () => {
    const result = run(`music._playDefaultBackground(music.tonePlayable(Note.G, 100), music.PlaybackMode.UntilDone)
serial.writeValue("t", control.millis())`);
    expect(texts(result.lines)).toEqual(['t:100']);
  });
});

describe('melodies and their events', () => {
  const logEvents = `
const names = ["", "note", "started", "ended", "repeated"]
function log(name: string) { serial.writeLine(name + "@" + control.millis()) }
music.onEvent(MusicEvent.MelodyStarted, () => log("started"))
music.onEvent(MusicEvent.MelodyNotePlayed, () => log("note"))
music.onEvent(MusicEvent.MelodyEnded, () => log("ended"))
music.onEvent(MusicEvent.MelodyRepeated, () => log("repeated"))
music.onEvent(MusicEvent.BackgroundMelodyStarted, () => log("bg started"))
music.onEvent(MusicEvent.BackgroundMelodyNotePlayed, () => log("bg note"))
music.onEvent(MusicEvent.BackgroundMelodyEnded, () => log("bg ended"))
music.onEvent(MusicEvent.BackgroundMelodyPaused, () => log("bg paused"))
music.onEvent(MusicEvent.BackgroundMelodyResumed, () => log("bg resumed"))
serial.setWriteLinePadding(0)
`;

  it('raises started, note played and ended, and playMelody waits for the end', () => {
    const result = run(`${logEvents}
music.playMelody("C D E", 120)
log("after")`);
    expect(texts(result.lines)).toEqual([
      'started@0',
      'note@500',
      'note@1000',
      'note@1500',
      'ended@1500',
      'after@1500',
    ]);
  });

  it('raises repeated after each pass of a forever melody', () => {
    const result = run(
      `${logEvents}
music.startMelody(["c:2", "d"], MelodyOptions.Forever)`,
      { timeMs: 1000 },
    );
    expect(texts(result.lines)).toEqual([
      'started@0',
      'note@250',
      'note@500',
      'repeated@500',
      'note@750',
      'note@1000',
      'repeated@1000',
    ]);
  });

  it('pauses a background melody for a foreground one and resumes it where it was', () => {
    const result = run(`${logEvents}
music.startMelody(["c:4", "d", "e", "f"], MelodyOptions.OnceInBackground)
basic.pause(700)
music.startMelody(["g5:2", "a5"], MelodyOptions.Once)`);
    // The note sounding when the foreground melody starts still belongs to the background one.
    expect(texts(result.lines)).toEqual([
      'bg started@0',
      'bg note@500',
      'bg paused@700',
      'started@700',
      'bg note@1000',
      'note@1250',
      'note@1500',
      'ended@1500',
      'bg resumed@1500',
      'bg note@2000',
      'bg note@2500',
      'bg ended@2500',
    ]);
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual([
      '0 262x500 melody',
      '500 294x500 melody',
      '1000 784x250 melody',
      '1250 880x250 melody',
      '1500 330x500 melody',
      '2000 349x500 melody',
    ]);
  });

  it('ends the current melody when a new one starts, after the note that is sounding', () => {
    const result = run(`${logEvents}
music.startMelody(["c", "d", "e"], MelodyOptions.Once)
basic.pause(200)
music.startMelody(music.builtInMelody(Melodies.BaDing), MelodyOptions.Once)`);
    expect(texts(result.lines).slice(0, 4)).toEqual(['started@0', 'ended@200', 'started@200', 'note@500']);
    const notes = result.world.boards[0]!.speaker.notes;
    expect(notes.map((n) => n.start)).toEqual([0, 500, 625]);
  });

  it('stops foreground and background melodies with stopMelody', () => {
    const notes = notesOf(`music.beginMelody(["c", "d", "e"], MelodyOptions.ForeverInBackground)
basic.pause(700)
music.stopMelody(MelodyStopOptions.Background)
basic.pause(2000)`);
    expect(notes).toEqual(['0 262x500 melody', '500 294x500 melody']);
  });

  it('returns built-in melodies as note lists', () => {
    const result = run('serial.writeLine(music.builtInMelody(Melodies.BaDing).join(" "))');
    expect(texts(result.lines)).toEqual([builtInMelody('baDing').join(' ')]);
  });

  it('sends melody notes through a replacement set with setPlayTone', () => {
    const result = run(`music.setPlayTone(function (frequency: number, duration: number) {
  serial.writeLine(frequency + "/" + duration)
  basic.pause(duration)
})
music.playMelody("C D", 240)
music.playTone(440, 10)`);
    // 240 bpm: a beat is 250 ms, a quarter 62 ms, so a 4-quarter note lasts 248 ms (device arithmetic).
    expect(texts(result.lines)).toEqual(['262/248', '294/248', '440/10']);
    expect(result.world.boards[0]!.speaker.notes).toEqual([]);
  });

  it('lets the melody editor block stand for its text', () => {
    const result = run('serial.writeLine(music.melodyEditor("C D E"))');
    expect(texts(result.lines)).toEqual(['C D E']);
  });
});

describe('sound expressions', () => {
  it('plays a built-in sound until done, for as long as the engine plays it', () => {
    const t = start(`music.play(soundExpression.giggle, music.PlaybackMode.UntilDone)
serial.writeValue("t", control.millis())`);
    t.advance(3000);
    const note = t.board.speaker.notes[0]!;
    expect(note).toMatchObject({ start: 0, source: 'expression' });
    expect(note.duration).toBeGreaterThan(100);
    expect(t.batches[0]).toMatch(new RegExp(`^${note.duration} "t:${note.duration}`));
  });

  it('plays a built-in sound through its own methods, with either back end', () => {
    // The IR once called playUntilDone on the class instead of on soundExpression.giggle.
    for (const emitter of emitters) {
      const result = run(
        `soundExpression.giggle.playUntilDone()
serial.writeValue("t", control.millis())
soundExpression.giggle.play()
serial.writeValue("u", control.millis())`,
        { emitter },
      );
      expect(result.error, emitter).toBeUndefined();
      const [first, second] = result.world.boards[0]!.speaker.notes;
      expect(texts(result.lines), emitter).toEqual([`t:${first!.duration}`, `u:${first!.duration}`]);
      expect(second!.start, emitter).toBe(first!.duration);
    }
  });

  it('queues sounds played in the background one after another', () => {
    const result = run(`music.play(soundExpression.hello, music.PlaybackMode.InBackground)
music.play(soundExpression.hello, music.PlaybackMode.InBackground)
serial.writeValue("t", control.millis())
serial.writeValue("playing", music.isSoundPlaying() ? 1 : 0)`);
    const [first, second] = result.world.boards[0]!.speaker.notes;
    expect(second!.start).toBe(first!.start + first!.duration);
    expect(texts(result.lines)).toEqual(['t:0', 'playing:1']);
  });

  it('builds sound effects from their parts', () => {
    const result = run(`const sound = music.createSoundExpression(WaveShape.Square, 400, 800, 255, 0, 300,
  SoundExpressionEffect.None, InterpolationCurve.Linear)
music.play(sound, music.PlaybackMode.UntilDone)
serial.writeValue("t", control.millis())
const text = music.createSoundEffect(WaveShape.Sine, 5000, 0, 255, 0, 500, SoundExpressionEffect.Vibrato, InterpolationCurve.Curve)
serial.writeValue("length", text.length)
serial.writeLine(text.substr(0, 13))
serial.writeLine(music.builtinSoundEffect(soundExpression.sad))
music.playSoundEffect(text, SoundExpressionPlayMode.UntilDone)
serial.writeValue("u", control.millis())
music.play(music.builtinPlayableSoundEffect(soundExpression.yawn), music.PlaybackMode.InBackground)
serial.writeValue("v", control.millis())`);
    expect(texts(result.lines)).toEqual(['t:300', 'length:72', '0102350000500', 'sad', 'u:800', 'v:800']);
    const [square] = result.world.boards[0]!.speaker.notes;
    expect(square).toEqual({ frequency: 400, endFrequency: 800, start: 0, duration: 300, source: 'expression' });
  });

  it('plays nothing and does not wait for text that is not a sound', () => {
    const result = run(`music.playSoundEffect("123", SoundExpressionPlayMode.UntilDone)
new SoundExpression("not a sound").playUntilDone()
serial.writeValue("t", control.millis())`);
    expect(texts(result.lines)).toEqual(['t:0']);
    expect(result.world.boards[0]!.speaker.notes).toEqual([]);
    expect(result.error).toBeUndefined();
  });

  it('loops a sound until all sounds stop', () => {
    const notes = run(`music.play(music.createSoundExpression(WaveShape.Triangle, 300, 300, 200, 200, 100,
  SoundExpressionEffect.None, InterpolationCurve.Linear), music.PlaybackMode.LoopingInBackground)
basic.pause(350)
music.stopAllSounds()`).world.boards[0]!.speaker.notes;
    expect(notes.map((n) => `${n.start}+${n.duration}`)).toEqual(['0+100', '100+100', '200+100', '300+50']);
  });
});

describe('stopping and volume', () => {
  it('stopAllSounds silences tones, melodies and queued sounds at once', () => {
    const t = start(`music.ringTone(Note.C)
music.play(soundExpression.giggle, music.PlaybackMode.InBackground)
music.play(soundExpression.giggle, music.PlaybackMode.InBackground)
music.startMelody(["c", "d", "e"], MelodyOptions.ForeverInBackground)
basic.pause(100)
music.stopAllSounds()
serial.writeValue("playing", music.isSoundPlaying() ? 1 : 0)`);
    t.advance(3000);
    const notes = t.board.speaker.notes;
    expect(notes.filter((n) => n.source !== 'expression').map((n) => n.start + n.duration)).toEqual([0, 100]);
    // The sound playing is cut at 100 ms; the one still queued never sounds.
    expect(notes.filter((n) => n.source === 'expression').map((n) => n.duration)).toEqual([100, 0]);
    expect(t.batches[0]).toMatch(/"playing:0/);
  });

  it('sets the volume from 0 to 255 and turns the speaker off and on', () => {
    const t = start(`serial.writeValue("default", music.volume())
music.setVolume(300)
serial.writeValue("high", music.volume())
music.setVolume(-4)
serial.writeValue("low", music.volume())
music.setVolume(200)
music.setBuiltInSpeakerEnabled(false)
serial.writeValue("off", music.volume())
music.setSilenceLevel(50)`);
    t.advance(1000);
    expect(t.batches.join('')).toMatch(/default:127.*high:255.*low:0.*off:200/);
    expect(t.board.speaker.engine.volume()).toBe(0);
    expect(t.board.speaker.isEnabled).toBe(false);
    expect(t.board.speaker.silenceLevel).toBe(50);
  });

  it('tells whether a sound is playing', () => {
    const result = run(`serial.writeValue("a", music.isSoundPlaying() ? 1 : 0)
music.play(music.tonePlayable(Note.C, 200), music.PlaybackMode.InBackground)
basic.pause(100)
serial.writeValue("b", music.isSoundPlaying() ? 1 : 0)
basic.pause(200)
serial.writeValue("c", music.isSoundPlaying() ? 1 : 0)`);
    expect(texts(result.lines)).toEqual(['a:0', 'b:1', 'c:0']);
  });

  it('falls silent when the program stops', () => {
    const result = run('music.ringTone(Note.C)', { timeMs: 700 });
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual(['0 262x700 tone']);
  });
});

describe('music with bad input', () => {
  it('never hangs or crashes on sounds of no length or nonsense values', () => {
    const result = run(`music.play(music.tonePlayable(0/0, 100), music.PlaybackMode.LoopingInBackground)
music.play(music.stringPlayable("", 120), music.PlaybackMode.LoopingInBackground)
music.play(music.stringPlayable("", 120), music.PlaybackMode.UntilDone)
music.startMelody([], MelodyOptions.Forever)
music.setTempo(0/0)
music.ringTone(0/0)
music.playSoundEffect(null, SoundExpressionPlayMode.UntilDone)
serial.writeValue("beat", music.beat(0/0))
serial.writeValue("t", control.millis())`);
    expect(result.error).toBeUndefined();
    expect(texts(result.lines)).toEqual(['beat:500', 't:0']);
    expect(result.world.boards[0]!.speaker.notes).toEqual([]);
  });

  it('explains what music.play needs when given something else', () => {
    const result = run('let thing: any = 5\nmusic.play(thing, music.PlaybackMode.UntilDone)');
    expect(result.error?.message).toBe('music.play needs a tone, melody or sound to play.');
    const melody = run('let notes: string[] = null\nmusic.startMelody(notes)');
    expect(melody.error?.message).toBe('Dereferencing null/undefined value.');
    expect(melody.error?.position?.line).toBe(2);
  });
});
