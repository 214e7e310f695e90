import { ManualClock } from '@blockyard/core';
import { assemble } from '@blockyard/native';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countingApplication } from '../emulator/application.ts';
import { EMULATED_BOARD_FACTS, type BoardVariant } from '../emulator/board-facts.ts';
import { DEBUG_REGS, DHCSR, NrfTarget } from '../emulator/nrf-target.ts';
import { UartBuffer } from '../emulator/uart-buffer.ts';
import { FLASH_HELPERS_SOURCE } from './flash-helpers-source.ts';
import { FLASH_HELPERS_ENTRY, FLASH_HELPERS_WORDS } from './flash-helpers.generated.ts';
import { pageHash } from './page-hash.ts';

const LOAD = 0x20000000;

describe('the generated flash helpers', () => {
  it('are exactly what the assembler makes of the source', () => {
    const result = assemble(FLASH_HELPERS_SOURCE, { cpu: 'v6m', origin: LOAD });
    expect(result.errors).toEqual([]);
    const view = new DataView(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
    const words = Array.from({ length: result.bytes.length / 4 }, (_, i) => view.getUint32(i * 4, true));
    const entry = {
      stop: result.symbols.get('stop')!.value - LOAD,
      writePage: result.symbols.get('write_page')!.value - LOAD,
      hashPages: result.symbols.get('hash_pages')!.value - LOAD,
    };
    const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;
    // When this fails, paste the printed values into flash-helpers.generated.ts.
    expect(words, `words: ${words.map(hex).join(', ')}; entries: ${JSON.stringify(entry)}`).toEqual(
      FLASH_HELPERS_WORDS,
    );
    expect(entry).toEqual(FLASH_HELPERS_ENTRY);
  });
});

/** A powered target with the helpers in RAM, halted, and a way to call them as the debugger does. */
function targetWithHelpers(variant: BoardVariant) {
  const clock = new ManualClock();
  const facts = EMULATED_BOARD_FACTS[variant];
  const target = new NrfTarget(facts, clock, new UartBuffer(512), countingApplication);
  target.powerOn();
  target.debugWrite32(DEBUG_REGS.dhcsr, DHCSR.key | DHCSR.debugEnable | DHCSR.halt);
  FLASH_HELPERS_WORDS.forEach((word, i) => target.debugWrite32(LOAD + i * 4, word));
  const call = (entry: number, args: number[]) => {
    const setRegister = (index: number, value: number) => {
      target.debugWrite32(DEBUG_REGS.dcrdr, value);
      target.debugWrite32(DEBUG_REGS.dcrsr, index | (1 << 16));
    };
    args.forEach((value, i) => setRegister(i, value));
    setRegister(13, LOAD + 0x1000);
    setRegister(14, LOAD | 1);
    setRegister(15, LOAD + entry);
    const start = clock.now();
    target.debugWrite32(DEBUG_REGS.dhcsr, DHCSR.key | DHCSR.debugEnable);
    for (let i = 0; i < 10_000 && (target.debugRead32(DEBUG_REGS.dhcsr) & DHCSR.halted) === 0; i++) clock.advance(1);
    target.debugWrite32(DEBUG_REGS.dcrsr, 0);
    return { r0: target.debugRead32(DEBUG_REGS.dcrdr), ms: clock.now() - start };
  };
  return { target, facts, call };
}

describe.each(['v1', 'v2'] as const)('the helpers on the emulated %s processor', (variant) => {
  it('hash_pages gives the host hash of every page', () => {
    const { target, facts, call } = targetWithHelpers(variant);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: facts.pageSize * 3, maxLength: facts.pageSize * 3 }), (data) => {
        const start = facts.pageSize * 40;
        target.flash.load(start, data);
        const results = LOAD + 0x1000;
        expect(call(FLASH_HELPERS_ENTRY.hashPages, [results, start, facts.pageSize, 3]).r0).toBe(0);
        for (let page = 0; page < 3; page++) {
          const expected = pageHash(data.subarray(page * facts.pageSize, (page + 1) * facts.pageSize));
          expect([target.debugRead32(results + page * 8), target.debugRead32(results + page * 8 + 4)]).toEqual(
            expected,
          );
        }
      }),
      { numRuns: 5 },
    );
  });

  it('write_page erases a page and writes it, taking the chip’s erase and write time', () => {
    const { target, facts, call } = targetWithHelpers(variant);
    const page = facts.pageSize * 50;
    target.flash.load(page, new Uint8Array(facts.pageSize).fill(0x12));
    const data = new Uint8Array(facts.pageSize);
    for (let i = 0; i < data.length; i++) data[i] = i % 7 === 0 ? 0xff : (i * 31) & 0xff;
    data.fill(0xff, 0, 64); // whole erased words are skipped, not written
    const source = LOAD + 0x2000;
    for (let i = 0; i < data.length; i += 4) {
      target.debugWrite32(source + i, data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24));
    }
    const before = { ...target.flash.counters };
    const { r0, ms } = call(FLASH_HELPERS_ENTRY.writePage, [page, source, facts.pageSize / 4]);
    expect(r0).toBe(0);
    expect(target.flash.bytes.subarray(page, page + facts.pageSize)).toEqual(data);
    expect(target.flash.counters.pageErases - before.pageErases).toBe(1);
    expect(target.flash.counters.wordWrites - before.wordWrites).toBe(facts.pageSize / 4 - 16);
    expect(target.flash.config).toBe(0);
    const minimum = facts.pageEraseMs + ((facts.pageSize / 4 - 16) * facts.wordWriteUs) / 1000;
    expect(ms).toBeGreaterThanOrEqual(Math.floor(minimum));
    expect(ms).toBeLessThan(minimum * 1.5 + 5);
  });
});
