// Realtime factor of the pure synthesizer: seconds of audio rendered per second of CPU (user +
// system time of this process, i.e. one core). Two workloads from issue 7, plus a baseline
// measured in the same run: a bare sine fill (Math.sin per sample into a Float32Array), so the
// numbers can be read against this machine's speed.
import {
  createDefaultSong,
  InstructionWave,
  OfflineRenderer,
  seededRandom,
  SoundEngine,
  type NoteEvent,
  type Song,
  type Track,
} from '@blockyard/sound';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 5;
const SAMPLE_RATE = 44_100;

function cpuSeconds(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const note = (startTick: number, endTick: number, ...notes: number[]): NoteEvent => ({
  startTick,
  endTick,
  notes: notes.map((n) => ({ note: n, enharmonicSpelling: 'normal' as const })),
});

/** Eight measures at 120 bpm (16 s): piano chords, bass, a sixteenth-note lead and drums. */
function fourTrackSong(): Song {
  const song = createDefaultSong(8);
  const tracks = song.tracks;
  const piano = tracks[0] as Track;
  const bass = tracks[2] as Track;
  const lead = tracks[9] as Track;
  const drums = tracks[10] as Track;
  const chords = [
    [37, 41, 44],
    [42, 46, 49],
    [44, 48, 51],
    [39, 42, 46],
  ];
  for (let beat = 0; beat < 32; beat++) {
    const t = beat * 8;
    const chord = chords[Math.floor(beat / 4) % 4] as number[];
    piano.notes.push(note(t, t + 7, ...chord));
    bass.notes.push(note(t, t + 3, (chord[0] as number) - 12), note(t + 4, t + 7, (chord[0] as number) - 5));
    for (let s = 0; s < 4; s++) lead.notes.push(note(t + s * 2, t + s * 2 + 2, (chord[s % 3] as number) + 12));
    drums.notes.push(note(t, t + 1, beat % 2 === 0 ? 0 : 1), note(t + 4, t + 5, 2));
  }
  return song;
}

function songRun(song: Song): { audioSeconds: number; cpu: number } {
  const engine = new SoundEngine({ random: seededRandom(1) });
  const renderer = new OfflineRenderer(engine, { capture: false });
  // Four passes (64 s of audio) per run, so each measurement is long enough to be stable.
  engine.playSong(song, { loop: true });
  const cpu = cpuSeconds(() => renderer.advanceTo(64_000));
  return { audioSeconds: engine.currentSample / SAMPLE_RATE, cpu: Math.max(cpu, 1e-6) };
}

/** Twenty voices sounding for the whole render, a mix of every waveform, with glides. */
function twentyChannelRun(seconds: number): { audioSeconds: number; cpu: number } {
  const engine = new SoundEngine({ random: seededRandom(1) });
  const renderer = new OfflineRenderer(engine, { capture: false });
  const waves = [
    InstructionWave.Triangle,
    InstructionWave.Sawtooth,
    InstructionWave.Sine,
    InstructionWave.Square50,
    InstructionWave.Square20,
    InstructionWave.Noise,
    InstructionWave.TunedNoise,
    InstructionWave.CycleNoise32,
  ];
  for (let i = 0; i < 20; i++) {
    engine.playInstructions([
      {
        wave: waves[i % waves.length] as number,
        frequency: 110 * (1 + i),
        endFrequency: 220 * (1 + (i % 7)),
        durationMs: seconds * 1000,
        startVolume: 400,
        endVolume: 300,
      },
    ]);
  }
  let sounding = 0;
  const cpu = cpuSeconds(() => {
    renderer.advanceTo(seconds * 500);
    sounding = engine.status().soundingVoices;
    renderer.advanceTo(seconds * 1000);
  });
  if (sounding !== 20) throw new Error(`expected 20 voices sounding, found ${sounding}`);
  return { audioSeconds: seconds, cpu };
}

function baselineRun(seconds: number): { audioSeconds: number; cpu: number } {
  const out = new Float32Array(512);
  let phase = 0;
  let sink = 0;
  const cpu = cpuSeconds(() => {
    for (let block = 0; block < (seconds * SAMPLE_RATE) / 512; block++) {
      for (let i = 0; i < 512; i++) {
        out[i] = Math.sin(phase);
        phase += 0.0627;
      }
      sink += out[7] as number;
    }
  });
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return { audioSeconds: seconds, cpu };
}

const song = fourTrackSong();
// Warm-up so the JIT has compiled the render loops before timing.
songRun(song);
twentyChannelRun(2);
baselineRun(2);

const songFactors: number[] = [];
const channelFactors: number[] = [];
const baselineFactors: number[] = [];
for (let run = 0; run < runs; run++) {
  const s = songRun(song);
  songFactors.push(s.audioSeconds / s.cpu);
  const c = twentyChannelRun(20);
  channelFactors.push(c.audioSeconds / c.cpu);
  const b = baselineRun(20);
  baselineFactors.push(b.audioSeconds / b.cpu);
}

const songSummary = summarize(songFactors);
const channelSummary = summarize(channelFactors);
const baselineSummary = summarize(baselineFactors);
const path = writeResult({
  name: 'sound-realtime',
  description:
    'Seconds of audio rendered per CPU second (process user+system time, one core), 44.1 kHz mono, ' +
    'OfflineRenderer in 512-sample blocks. Song: 8 measures (16 s) of 4 tracks (piano chords, bass, ' +
    'sixteenth-note lead, drums), looped 4 times. Channels: 20 voices of mixed waveforms gliding for 20 s. Baseline: ' +
    'a bare Math.sin fill into a Float32Array, same run.',
  metrics: {
    songRealtimeRatio: songSummary,
    twentyChannelsRealtimeRatio: channelSummary,
    baselineSineFillRealtimeRatio: baselineSummary,
  },
  targets: {
    songRealtimeRatio: '>= 200 (issue 7)',
    twentyChannelsRealtimeRatio: '>= 20 (issue 7)',
  },
  notes: [
    `song / baseline = ${(songSummary.median / baselineSummary.median).toFixed(3)}`,
    `20 channels / baseline = ${(channelSummary.median / baselineSummary.median).toFixed(3)}`,
  ],
});
console.log(
  `sound-realtime: song ${songSummary.median.toFixed(0)}x, 20 channels ${channelSummary.median.toFixed(0)}x, ` +
    `baseline sine fill ${baselineSummary.median.toFixed(0)}x realtime (median of ${runs}) -> ${path}`,
);
