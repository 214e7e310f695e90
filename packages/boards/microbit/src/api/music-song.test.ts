import { BUFFER_SIZE, DRUM_TRACK_ID, SAMPLE_RATE, createDefaultSong, songNoteFrequency } from '@blockyard/sound';
import { describe, expect, it } from 'vitest';
import { runHeadless } from '../headless/run-headless.ts';
import type { PlayedNote } from '../state/speaker.ts';
import { DEMO_SONG_HEX } from '../test/demo-song.ts';
import { compile, run, start } from '../test/programs.ts';

const drumHz = createDefaultSong(1).tracks.find((t) => t.id === DRUM_TRACK_ID)!.drums![0]!.startFrequency;
const [C4, F4, Ab4] = [37, 42, 45].map(songNoteFrequency) as [number, number, number];

/** One pass of the song starting at `at` ms, as "start frequency×duration". */
function pass(at: number): string[] {
  return [`${at} ${C4}x500`, `${at + 500} ${F4}x500`, `${at + 500} ${Ab4}x500`, `${at + 1500} ${drumHz}x62.5`];
}

function played(notes: readonly PlayedNote[]): string[] {
  return notes.filter((n) => n.source === 'song').map((n) => `${n.start} ${n.frequency}x${n.duration}`);
}

const play = (mode: string) => `music.play(music.createSong(hex\`${DEMO_SONG_HEX}\`), music.PlaybackMode.${mode})`;

describe('songs (music.createSong)', () => {
  it('until done: plays every note at its time and waits for the whole song', () => {
    const result = run(`${play('UntilDone')}\nserial.writeValue("t", control.millis())`, { timeMs: 3000 });
    expect(result.error).toBeUndefined();
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual(pass(0));
    expect(result.lines).toEqual(['2000 t:2000']);
  });

  it('in background: goes on at once while the song plays', () => {
    const t = start(`${play('InBackground')}\nserial.writeValue("t", control.millis())`);
    t.advance(100);
    expect(t.board.speaker.isPlaying()).toBe(true);
    t.board.serial.flush();
    expect(t.batches.join()).toContain('t:0');
    t.advance(2000);
    expect(t.board.speaker.isPlaying()).toBe(false);
    expect(played(t.board.speaker.notes)).toEqual(pass(0));
  });

  it('looping in background: repeats the song back to back', () => {
    const result = run(play('LoopingInBackground'), { timeMs: 5000 });
    // The run ends at 5000 and stops every sound: the third pass's drum (5500) never plays.
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual([
      ...pass(0),
      ...pass(2000),
      ...pass(4000).slice(0, 3),
    ]);
  });

  it('music.stopAllSounds stops a looping song: notes not yet started never sound', () => {
    const result = run(`${play('LoopingInBackground')}\nbasic.pause(2700)\nmusic.stopAllSounds()`, {
      timeMs: 6000,
    });
    const notes = played(result.world.boards[0]!.speaker.notes);
    // The second pass is cut at 2700: its chord (2500-3000) ends early, its drum (3500) never plays.
    expect(notes).toEqual([...pass(0), `2000 ${C4}x500`, `2500 ${F4}x200`, `2500 ${Ab4}x200`]);
  });

  it('music.stopAllSounds ends a wait until done', () => {
    const result = run(
      `control.inBackground(() => {
    basic.pause(700)
    music.stopAllSounds()
})
${play('UntilDone')}
serial.writeValue("t", control.millis())`,
      { timeMs: 3000 },
    );
    expect(result.lines).toEqual(['700 t:700']);
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual([`0 ${C4}x500`, `500 ${F4}x200`, `500 ${Ab4}x200`]);
  });

  it('is heard at the music volume, and not at all with volume 0', () => {
    const loud = runHeadless({ program: compile(play('UntilDone')), timeMs: 1000, audio: true }).audio!;
    const quiet = runHeadless({
      program: compile(`music.setVolume(0)\n${play('UntilDone')}`),
      timeMs: 1000,
      audio: true,
    }).audio!;
    const peak = (samples: Float32Array) => samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(loud.length).toBe(SAMPLE_RATE);
    expect(peak(loud.subarray(0, SAMPLE_RATE / 2))).toBeGreaterThan(0.01);
    // Volume changes ramp over one render block (BUFFER_SIZE, about 12 ms): after it, silence.
    expect(peak(quiet.subarray(BUFFER_SIZE))).toBe(0);
  });

  it('plays an empty song (the block default) as its length of silence', () => {
    const result = run(`music.play(music.createSong(hex\`00780004080100\`), music.PlaybackMode.UntilDone)
serial.writeValue("t", control.millis())`);
    expect(result.lines).toEqual(['2000 t:2000']);
    expect(played(result.world.boards[0]!.speaker.notes)).toEqual([]);
  });

  it('stops with a clear error on a buffer that is not a song', () => {
    const result = run(`music.play(music.createSong(hex\`0102\`), music.PlaybackMode.UntilDone)`);
    expect(result.error?.message).toBe(
      'This song cannot be played: A song needs at least 7 bytes of header, but this one has 2.',
    );
    const zeroTempo = run(`music.createSong(hex\`00000004080100\`)`);
    expect(zeroTempo.error?.message).toContain('This song cannot be played');
    const nothing = run(`music.createSong(null)`);
    expect(nothing.error?.message).toBe('Dereferencing null/undefined value.');
  });
});

describe('hex literals on the board', () => {
  it('are read-only buffers: reading works, writing stops the program with the runtime error', () => {
    const result = run(`let b = hex\`0a 0b ff\`
serial.writeNumbers([b.length, b.getUint8(0), b.getUint8(2), b.isReadOnly() ? 1 : 0])
b.setUint8(0, 1)
serial.writeLine("not reached")`);
    expect(result.lines).toEqual(['0 3,10,255,1']);
    expect(result.error?.message).toBe('Cannot write to a read-only buffer.');
    expect(result.error?.position).toMatchObject({ line: 3 });
  });

  it('copies of a literal can be written', () => {
    const result = run(`let b = hex\`0a0b\`.slice()
b.setUint8(0, 1)
serial.writeLine(b.toHex())`);
    expect(result.lines).toEqual(['0 010b']);
  });
});
