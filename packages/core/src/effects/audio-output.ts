/**
 * Where rendered sound goes. The synthesizer produces Float32 PCM; the browser implementation
 * feeds an AudioWorklet, the CLI writes a WAV file, tests keep the samples.
 */
export interface AudioOutput {
  readonly sampleRate: number;
  /** Queues mono samples in [-1, 1] for playback. */
  write(samples: Float32Array): void;
  /** Stops playback at once (with the engine's own short fade already applied). */
  stop(): void;
}
