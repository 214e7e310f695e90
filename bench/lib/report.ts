import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Summary } from './stats.ts';

export const resultsDir = join(import.meta.dirname, '..', 'results');

export interface BenchResult {
  name: string;
  description: string;
  /** Each metric summarised over the runs; units are in the metric name (Ms, Bytes, Ratio). */
  metrics: Record<string, Summary>;
  /** Targets from the issues, for reading the numbers; the run never fails on them. */
  targets?: Record<string, string>;
  notes?: string[];
}

export function writeResult(result: BenchResult): string {
  mkdirSync(resultsDir, { recursive: true });
  const path = join(resultsDir, `${result.name}.json`);
  const body = { ...result, measuredAt: new Date().toISOString(), node: process.version, platform: process.platform };
  writeFileSync(path, JSON.stringify(body, null, 2) + '\n');
  return path;
}
