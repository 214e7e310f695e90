import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { SERIAL_MAX_BATCH_CHARS, SerialPort } from './serial-port.ts';

describe('SerialPort', () => {
  // Issue 21: a program writing without pause grew the pending batch without bound.
  it('holds at most one batch worth of text and says how much was left out', () => {
    const port = new SerialPort(new ManualClock());
    const batches: string[] = [];
    port.onBatch((batch) => batches.push(batch.data));
    port.write('start\n');
    const chunk = 'x'.repeat(100_000);
    for (let i = 0; i < 50; i++) port.write(chunk);
    port.flush();
    expect(batches[0]).toBe('start\n');
    expect(batches[1]!.length).toBeLessThan(SERIAL_MAX_BATCH_CHARS + 100);
    expect(batches[1]).toMatch(/\[\d+ characters were left out: written too fast\]\n$/);
  });
});
