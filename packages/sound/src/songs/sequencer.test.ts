import { type Clock, ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { SoundInstruction } from '../instructions/sound-instructions.ts';
import { createDefaultSong } from './default-song.ts';
import { METRONOME_NOT_INITIALIZED, Metronome } from './metronome.ts';
import { Sequencer, type SequencerEvent, type SongSoundSink } from './sequencer.ts';
import { tickMs, type Song, type Track } from './song.ts';

/** A one-measure song with a note on ticks 0 and 16 of the first track. */
function shortSong(measures = 1): Song {
  const song = createDefaultSong(measures);
  (song.tracks[0] as Track).notes = [
    { startTick: 0, endTick: 4, notes: [{ note: 37, enharmonicSpelling: 'normal' }] },
    { startTick: 16, endTick: 20, notes: [{ note: 41, enharmonicSpelling: 'normal' }] },
  ];
  return song;
}

function recordingSink() {
  const played: { at: number; instructions: SoundInstruction[] }[] = [];
  const calls: string[] = [];
  const sink: SongSoundSink = {
    begin: () => calls.push('begin'),
    play: (instructions, at) => played.push({ at, instructions }),
    cancelAll: () => calls.push('cancelAll'),
  };
  return { sink, played, calls };
}

async function setup(song = shortSong()) {
  const clock = new ManualClock();
  const { sink, played, calls } = recordingSink();
  const sequencer = new Sequencer({ clock, sink });
  await sequencer.initAsync();
  const events: string[] = [];
  for (const event of ['tick', 'play', 'stop', 'loop', 'state-change', 'looped'] as SequencerEvent[]) {
    sequencer.addEventListener(event, () => events.push(event === 'tick' ? `tick${sequencer.currentTick()}` : event));
  }
  return { clock, sequencer, events, played, calls, song };
}

describe('Sequencer', () => {
  it('ticks every 60000 / bpm / ticksPerBeat ms and plays notes on their ticks', async () => {
    const { clock, sequencer, played, song } = await setup();
    expect(tickMs(song)).toBe(62.5);
    sequencer.start(song, false);
    clock.advance(0);
    expect(played.map((p) => p.at)).toEqual([0]);
    expect(sequencer.currentTick()).toBe(1);
    clock.advance(62.5 * 15);
    expect(sequencer.currentTick()).toBe(16);
    expect(played).toHaveLength(1);
    clock.advance(62.5);
    expect(played.map((p) => p.at)).toEqual([0, 1000]);
    expect(played[1]?.instructions[0]?.frequency).toBe(330); // note 41 = E4
  });

  it('fires play and state-change on start, ticks in order, and stop at the end', async () => {
    const { clock, sequencer, events, calls, song } = await setup();
    sequencer.start(song, false);
    expect(events).toEqual(['play', 'state-change']);
    clock.advance(62.5 * 31);
    // Each tick event reports the tick that just played.
    expect(events.slice(2, 5)).toEqual(['tick0', 'tick1', 'tick2']);
    expect(events.filter((e) => e.startsWith('tick'))).toHaveLength(32);
    expect(events.slice(-3)).toEqual(['tick31', 'stop', 'state-change']);
    expect(sequencer.state()).toBe('stop');
    // Reaching the end keeps sounding notes ringing out.
    expect(calls).toEqual(['begin']);
    clock.advance(1000);
    expect(events.filter((e) => e.startsWith('tick'))).toHaveLength(32);
  });

  it('loops back to tick 0 with a looped event', async () => {
    const { clock, sequencer, events, played, song } = await setup();
    sequencer.start(song, true);
    expect(events).toEqual(['loop', 'state-change']);
    clock.advance(62.5 * 32 - 1);
    expect(events.slice(-2)).toEqual(['tick31', 'looped']);
    expect(sequencer.currentTick()).toBe(0);
    clock.advance(1);
    expect(played.map((p) => p.at)).toEqual([0, 1000, 2000]);
    expect(sequencer.state()).toBe('loop');
  });

  it('switches looping while playing', async () => {
    const { clock, sequencer, events, song } = await setup();
    sequencer.start(song, true);
    clock.advance(62.5 * 10);
    sequencer.setLooping(false);
    expect(events.slice(-2)).toEqual(['play', 'state-change']);
    clock.advance(62.5 * 30);
    expect(events.slice(-2)).toEqual(['stop', 'state-change']);
    expect(events).not.toContain('looped');
    sequencer.setLooping(true);
    expect(sequencer.state()).toBe('stop');
    sequencer.start(song);
    expect(sequencer.state()).toBe('loop');
  });

  it('stops first when started again, cancelling sounding notes', async () => {
    const { clock, sequencer, events, calls, song } = await setup();
    sequencer.start(song, false);
    clock.advance(100);
    events.length = 0;
    sequencer.start(song, false);
    expect(events).toEqual(['stop', 'state-change', 'play', 'state-change']);
    expect(calls).toEqual(['begin', 'cancelAll', 'begin']);
    expect(sequencer.currentTick()).toBe(0);
  });

  it('follows a tempo change while playing', async () => {
    const { clock, sequencer, song } = await setup(shortSong(4));
    sequencer.start(song, false);
    clock.advance(62.5 * 4);
    sequencer.updateSong({ ...song, beatsPerMinute: 60 });
    const tick = sequencer.currentTick();
    clock.advance(125 * 4);
    expect(sequencer.currentTick()).toBe(tick + 4);
  });
});

describe('Metronome', () => {
  it('throws before initAsync, with the spec message', () => {
    const metronome = new Metronome(new ManualClock());
    expect(() => metronome.start(100)).toThrow(METRONOME_NOT_INITIALIZED);
    expect(() => metronome.stop()).toThrow('initAsync not called on metronome');
    expect(() => metronome.setInterval(10)).toThrow(METRONOME_NOT_INITIALIZED);
  });

  it('ticks on a fixed grid even when every timer fires late', async () => {
    const manual = new ManualClock();
    // Every timer fires 7 ms late, like a busy browser; lateness must not pile up.
    const late: Clock = {
      now: () => manual.now(),
      setTimeout: (callback, delay) => manual.setTimeout(callback, delay + 7),
      setInterval: (callback, interval) => manual.setInterval(callback, interval),
      clear: (handle) => manual.clear(handle),
    };
    const metronome = new Metronome(late);
    await metronome.initAsync();
    const times: number[] = [];
    metronome.addTickListener(() => times.push(manual.now()));
    metronome.start(100);
    manual.advance(1000);
    expect(times).toHaveLength(10);
    times.forEach((time, k) => expect(time - k * 100).toBe(7));
    metronome.stop();
    manual.advance(500);
    expect(times).toHaveLength(10);
    expect(metronome.interval()).toBe(100);
  });
});
