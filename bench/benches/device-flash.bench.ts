// Flashing over USB (issue 15): bytes sent and time for a full and a partial flash of the same
// program onto a factory micro:bit, at a realistic USB rate (64-byte packets, one per 1 ms frame
// each way), as ratios to the physical limits. The board is the emulated one on virtual time,
// so the times are the board's (deterministic), not this machine's: one run per case suffices.
// Limits: USB, every byte written carried in 64-byte packets back to back (bytes / 64 ms);
// flash, each written page erased and programmed word by word (the nRF's datasheet times).
import { ManualClock } from '@blockyard/core';
import { UsbConnection, flashImageFor } from '@blockyard/device';
import { EMULATED_BOARD_FACTS, buildDemoImages } from '@blockyard/device/emulator';
import { factoryBoard, nodeFirmwareStore, runOnVirtualTime } from '@blockyard/device/testing';
import { writeResult } from '../lib/report.ts';
import { summarize, type Summary } from '../lib/stats.ts';

const PACKET_BYTES = 64;
const FRAME_MS = 1;

const big = await buildDemoImages(nodeFirmwareStore(), 'big', { padding: 12_000 });
const metrics: Record<string, Summary> = {};
const lines: string[] = [];

for (const variant of ['v1', 'v2'] as const) {
  for (const mode of ['full', 'partial'] as const) {
    const clock = new ManualClock();
    const board = await factoryBoard({ clock, variant, frameMs: FRAME_MS });
    const connection = new UsbConnection({ usb: board.usb, clock });
    await runOnVirtualTime(clock, connection.pair());
    const before = board.traffic;
    const result = await runOnVirtualTime(clock, connection.flash(big.universalHex, { mode }));
    if (!board.holds(flashImageFor(big.universalHex, variant))) throw new Error(`${variant} ${mode}: flash differs`);
    const after = board.traffic;
    const facts = EMULATED_BOARD_FACTS[variant];
    const pages = result.pagesWritten;
    const usbLimitMs = (result.bytesWritten / PACKET_BYTES) * FRAME_MS;
    const flashLimitMs = pages * (facts.pageEraseMs + (facts.pageSize / 4) * (facts.wordWriteUs / 1000));
    const key = `${variant}${mode === 'full' ? 'Full' : 'Partial'}`;
    const wireOut = after.wireBytesOut - before.wireBytesOut;
    const wireIn = after.wireBytesIn - before.wireBytesIn;
    const record = (name: string, value: number) => (metrics[`${key}${name}`] = summarize([value]));
    record('BytesWritten', result.bytesWritten);
    record('PagesWritten', pages);
    record('WireBytesOut', wireOut);
    record('WireBytesIn', wireIn);
    record('PacketsOut', after.packetsOut - before.packetsOut);
    record('Ms', result.ms);
    record('UsbLimitMs', usbLimitMs);
    record('FlashLimitMs', flashLimitMs);
    record('ToUsbLimitRatio', result.ms / usbLimitMs);
    record('ToSlowerLimitRatio', result.ms / Math.max(usbLimitMs, flashLimitMs));
    record('WireOutToWrittenRatio', wireOut / Math.max(1, result.bytesWritten));
    lines.push(
      `${variant} ${mode.padEnd(7)} ${String(result.bytesWritten).padStart(7)} B written (${pages} pages), ` +
        `${wireOut} B out / ${wireIn} B in on the wire, ${Math.round(result.ms)} ms; ` +
        `USB limit ${Math.round(usbLimitMs)} ms (x${(result.ms / usbLimitMs).toFixed(2)}), ` +
        `flash limit ${Math.round(flashLimitMs)} ms`,
    );
  }
}

for (const variant of ['v1', 'v2'] as const) {
  metrics[`${variant}PartialToFullTimeRatio`] = summarize([
    metrics[`${variant}PartialMs`]!.median / metrics[`${variant}FullMs`]!.median,
  ]);
}

const path = writeResult({
  name: 'device-flash',
  description:
    'USB flash of the "big" demo program (12 KB of padding) onto a factory micro:bit V1 and V2, full and partial, on the emulated board at 64-byte packets and 1 ms frames (board time).',
  metrics,
  notes: [
    'Board time on a virtual clock: deterministic, so one run per case (min = median = max).',
    'UsbLimitMs: the written bytes in 64-byte packets, one per 1 ms frame, with no command overhead. FlashLimitMs: page erase plus one word write per 4 bytes (nRF51 21 ms / nRF52 85 ms per erase, 41 µs per word).',
    'ToSlowerLimitRatio: measured time over the larger of the two limits (1.0 would be perfect).',
    'V1 speaks CMSIS-DAP v1 over HID reports (every packet is 64 bytes on the wire); V2 uses bulk endpoints.',
    'Partial: only pages whose hash on the board differs are written (the program pages here); full: every page of the file.',
  ],
});
for (const line of lines) console.log(line);
console.log(`wrote ${path}`);
