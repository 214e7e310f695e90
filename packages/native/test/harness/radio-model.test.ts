// The harness's RADIO model without QEMU: the register accesses DAL's MicroBitRadio makes, played
// against a pretend guest (a memory map), so the air's rules are checked quickly: who hears a
// frame, how it is cut, when a receiver takes it.
import { describe, expect, it } from 'vitest';
import type { ModelledRegister, StoppedGuest } from './gdb-registers.ts';
import { type GuestRadio, RadioAir } from './radio-model.ts';

const RADIO = 0x40001000;
const NVIC_ISER = 0xe000e100;
const RX_BUFFER = 0x20001000;
const TX_BUFFER = 0x20002000;

/** A guest that is always stopped: its memory is a byte map. */
class PretendBoard implements StoppedGuest {
  readonly memory = new Map<number, number>();
  interrupts = 0;
  readonly radio: GuestRadio;
  private readonly registers: ModelledRegister[];

  constructor(air: RadioAir, id: number) {
    this.radio = air.radio(id);
    this.registers = this.radio.registers();
    this.setInterruptEnabled(true);
    this.radio.attach({ whileStopped: (work) => work(this) }, () => {
      this.interrupts++;
      return Promise.resolve();
    });
  }

  read(address: number, length: number): Promise<Uint8Array> {
    return Promise.resolve(Uint8Array.from({ length }, (_, i) => this.memory.get(address + i) ?? 0));
  }

  write(address: number, bytes: Uint8Array): Promise<void> {
    bytes.forEach((byte, i) => this.memory.set(address + i, byte));
    return Promise.resolve();
  }

  setInterruptEnabled(on: boolean): void {
    this.memory.set(NVIC_ISER, on ? 0x42 : 0x40);
  }

  private register(offset: number): ModelledRegister {
    const register = this.registers.find((r) => r.address === RADIO + offset);
    if (!register) throw new Error(`0x${offset.toString(16)} is not watched`);
    return register;
  }

  async store(offset: number, value: number): Promise<void> {
    await this.register(offset).write!(value, this);
  }

  load(offset: number): number {
    return this.register(offset).read!();
  }

  /** MicroBitRadio::enable's accesses, then listening. */
  async enable(group: number, band = 7): Promise<void> {
    await this.store(0x50c, 0); // TXPOWER 0 dBm
    await this.store(0x508, band);
    await this.store(0x51c, 0x75426974); // BASE0 "uBit"
    await this.store(0x524, group);
    await this.store(0x518, 0x02040020); // PCNF1, MAXLEN 32
    await this.store(0x504, RX_BUFFER);
    await this.store(0x004, 1); // TASKS_RXEN
    expect(this.load(0x100)).toBe(1); // EVENTS_READY
    await this.store(0x008, 1); // TASKS_START
  }

  /** MicroBitRadio::send's accesses for `frame` (length byte first). */
  async send(frame: number[]): Promise<void> {
    await this.write(TX_BUFFER, Uint8Array.from(frame));
    expect(this.load(0x110)).toBe(1); // EVENTS_DISABLED
    await this.store(0x504, TX_BUFFER);
    await this.store(0x000, 1); // TASKS_TXEN
    expect(this.load(0x100)).toBe(1);
    await this.store(0x008, 1); // TASKS_START: on air
    expect(this.load(0x10c)).toBe(1); // EVENTS_END
    await this.store(0x504, RX_BUFFER);
    await this.store(0x004, 1);
    expect(this.load(0x100)).toBe(1);
    await this.store(0x008, 1);
  }

  /** The RADIO interrupt handler's accesses; the frame it found, if any. */
  async interrupt(): Promise<number[] | undefined> {
    expect(this.load(0x100)).toBe(0); // no EVENTS_READY left over
    if (!this.load(0x10c)) return undefined;
    expect(this.load(0x400)).toBe(1); // CRCSTATUS
    expect(this.load(0x548)).toBe(46); // RSSISAMPLE: -46 dBm
    const frame = await this.read(RX_BUFFER, 36);
    await this.store(0x504, RX_BUFFER);
    await this.store(0x008, 1);
    return [...frame.slice(0, 1 + Math.min(frame[0]!, 32))];
  }
}

const frame = (length: number, fill: number) => [length, ...Array.from({ length }, () => fill)];

describe('the RADIO model of the QEMU harness', () => {
  it('hands a frame to the boards on the same group and band only, cut at MAXLEN', async () => {
    const air = new RadioAir();
    const [sender, same, otherGroup, otherBand, off] = [1, 2, 3, 4, 5].map((id) => new PretendBoard(air, id));
    await sender!.enable(7);
    await same!.enable(7);
    await otherGroup!.enable(8);
    await otherBand!.enable(7, 50);
    await sender!.send(frame(35, 0xab));
    expect(air.log).toEqual([{ from: 1, frame: Uint8Array.from(frame(35, 0xab).slice(0, 33)) }]);
    expect([sender, same, otherGroup, otherBand, off].map((b) => b!.interrupts)).toEqual([0, 1, 0, 0, 0]);
    expect(await same!.interrupt()).toEqual(frame(35, 0xab).slice(0, 33));
    expect(await same!.interrupt()).toBeUndefined();
  });

  it('keeps a frame for a receiver until it listens again', async () => {
    const air = new RadioAir();
    const [sender, receiver] = [1, 2].map((id) => new PretendBoard(air, id));
    await sender!.enable(1);
    await receiver!.enable(1);
    await sender!.send(frame(4, 1));
    await sender!.send(frame(4, 2));
    // The first frame is in the buffer; the second waits for the handler's TASKS_START.
    expect(receiver!.interrupts).toBe(1);
    expect(await receiver!.interrupt()).toEqual(frame(4, 1));
    expect(receiver!.interrupts).toBe(2);
    expect(await receiver!.interrupt()).toEqual(frame(4, 2));
    expect(receiver!.radio.delivered).toBe(2);
  });

  it('waits while the receiver has the RADIO interrupt off (inside its own send)', async () => {
    const air = new RadioAir();
    const [sender, receiver] = [1, 2].map((id) => new PretendBoard(air, id));
    await sender!.enable(1);
    await receiver!.enable(1);
    receiver!.setInterruptEnabled(false);
    await sender!.send(frame(4, 9));
    expect(receiver!.interrupts).toBe(0);
    receiver!.setInterruptEnabled(true);
    await expect.poll(() => receiver!.interrupts, { timeout: 1000 }).toBe(1);
    expect(await receiver!.interrupt()).toEqual(frame(4, 9));
  });
});
