// `blockyard run --audio` cost: a minute of a music-heavy program (a looping built-in melody, a
// sound effect every half second) run headless without audio and with audio kept, in the same
// process. Reports both times, the ratio, and how many times faster than real time the audio
// run is.
import { createMicrobitCompiler, runHeadless } from '@blockyard/board-microbit';
import ts from 'typescript';
import { writeResult } from '../lib/report.ts';
import { summarize } from '../lib/stats.ts';

const runs = 5;
const virtualMs = 60_000;
const compiled = createMicrobitCompiler(ts).compile({
  'main.ts': `music.play(music.builtInPlayableMelody(Melodies.Nyan), music.PlaybackMode.LoopingInBackground)
basic.forever(function () {
  music.play(soundExpression.giggle, music.PlaybackMode.UntilDone)
  basic.pause(500)
})`,
}).program;
if (!compiled) throw new Error('the benchmark program does not compile');
const program = compiled;

function time(audio: boolean): number {
  const started = performance.now();
  const result = runHeadless({ program, timeMs: virtualMs, audio });
  const elapsed = performance.now() - started;
  if (audio && result.audio?.length !== (virtualMs / 1000) * 44_100) throw new Error('audio has the wrong length');
  return elapsed;
}

time(true); // warm-up: compile caches, JIT
const silent: number[] = [];
const withAudio: number[] = [];
const ratio: number[] = [];
const realtime: number[] = [];
for (let run = 0; run < runs; run++) {
  const a = time(false);
  const b = time(true);
  silent.push(a);
  withAudio.push(b);
  ratio.push(b / a);
  realtime.push(virtualMs / b);
}

const path = writeResult({
  name: 'run-audio',
  description: `runHeadless of ${virtualMs / 1000} virtual s of music (looping melody + a sound effect every 500 ms), without and with audio kept.`,
  metrics: {
    withoutAudioMs: summarize(silent),
    withAudioMs: summarize(withAudio),
    audioOverSilentRatio: summarize(ratio),
    audioRealtimeFactorRatio: summarize(realtime),
  },
  notes: ['Without audio the engines still render while they sound (so finished sounds are let go).'],
});
console.log(`wrote ${path}`);
