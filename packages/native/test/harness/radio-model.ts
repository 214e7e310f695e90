/**
 * The nRF51 RADIO for emulated boards, and the air between them. QEMU 7.2 has no RADIO (its
 * registers at 0x40001000 read 0 and drop writes), so DAL's MicroBitRadio::enable waits for
 * EVENTS_READY for ever. Each board's `GuestRadio` answers the registers DAL uses through
 * QEMU's GDB stub (gdb-registers.ts), and `RadioAir` carries each transmitted frame from the
 * sender's RAM into the RAM of every other board listening on the same frequency and address.
 *
 * What DAL does (lancaster-university/microbit-dal, source/drivers/MicroBitRadio.cpp), and so
 * what is modelled:
 * - enable: writes TXPOWER, FREQUENCY, BASE0, PREFIX0 (the group), PACKETPTR (its receive
 *   buffer), enables the RADIO interrupt (IRQ 1), then TASKS_RXEN, waits for EVENTS_READY,
 *   TASKS_START.
 * - send: disables IRQ 1, TASKS_DISABLE + wait for EVENTS_DISABLED, PACKETPTR = the frame,
 *   TASKS_TXEN + wait for EVENTS_READY, TASKS_START + wait for EVENTS_END, PACKETPTR = receive
 *   buffer, back to receiving as in enable, clears IRQ 1's pending bit and enables it again.
 * - the interrupt handler: if EVENTS_READY, clears it and starts; if EVENTS_END, clears it and,
 *   when CRCSTATUS is 1, takes RSSISAMPLE, queues the buffer, points PACKETPTR at a new one;
 *   TASKS_START.
 * A frame in RAM is a length byte and that many bytes (at most 32: PCNF1's MAXLEN).
 *
 * Events are set by their task and cleared by the read that sees them (DAL clears each one it
 * saw before the next task, so it cannot tell the difference); EVENTS_DISABLED always reads 1.
 * Watching the events' clearing stores, TASKS_DISABLE and the other configuration stores would
 * only cost stops. A received frame is written at the receiver's PACKETPTR while it is
 * stopped (GDB's `M`); then EVENTS_END is set and IRQ 1 raised by a pulse on the NVIC's input
 * line through qtest (MicrobitSession.pulseInterrupt). A GDB store to the NVIC's ISPR
 * (0xE000E200) does not work: QEMU's debugger stores reach only RAM and ROM (checked: ISPR read
 * back unchanged). Frames arriving while a receiver is not listening (it is sending, or has not
 * handled the last one) wait for it in order, as the simulator, which loses no packet, would
 * have them; and one arriving while IRQ 1 is disabled (inside send(), which clears the pending
 * bit before enabling it) waits until it is enabled again.
 *
 * Frames are cut as the nRF51 cuts them, at PCNF1's MAXLEN: DAL's length byte counts its 3
 * header bytes and a 32-byte payload (35), but MAXLEN is 32, so 32 bytes go on air after it;
 * the receiver's last 3 payload bytes are whatever its buffer held (MakeCode's packets end
 * before them).
 */
import type { ModelledRegister, StoppedGuest } from './gdb-registers.ts';

const RADIO = 0x40001000;
const TASKS_TXEN = RADIO + 0x000;
const TASKS_RXEN = RADIO + 0x004;
const TASKS_START = RADIO + 0x008;
const EVENTS_READY = RADIO + 0x100;
const EVENTS_END = RADIO + 0x10c;
const EVENTS_DISABLED = RADIO + 0x110;
const CRCSTATUS = RADIO + 0x400;
const PACKETPTR = RADIO + 0x504;
const FREQUENCY = RADIO + 0x508;
const TXPOWER = RADIO + 0x50c;
const PCNF1 = RADIO + 0x518;
const BASE0 = RADIO + 0x51c;
const PREFIX0 = RADIO + 0x524;
const RSSISAMPLE = RADIO + 0x548;
/** NVIC's set-enable register; the RADIO is IRQ 1. */
const NVIC_ISER = 0xe000e100;
const RADIO_IRQ_BIT = 1 << 1;
/** Wall time before asking again whether a receiver takes interrupts (it is inside send()). */
const RETRY_MS = 2;
/**
 * The simulator's side-by-side loss (board-microbit's radio-medium.ts): a frame sent at `dBm`
 * arrives at min(-42, dBm - 46). RSSISAMPLE holds the strength as a positive number.
 */
const PATH_LOSS_DB = 46;
const STRONGEST_SIGNAL = -42;

/** The shared air: every board's radio joins it. */
export class RadioAir {
  private readonly radios = new Set<GuestRadio>();
  /** Every frame sent, as bytes (length first), for tests. */
  readonly log: { from: number; frame: Uint8Array }[] = [];

  /** A radio for one more board (`id` only names it in the log). */
  radio(id: number): GuestRadio {
    const radio = new GuestRadio(this, id);
    this.radios.add(radio);
    return radio;
  }

  leave(radio: GuestRadio): void {
    this.radios.delete(radio);
  }

  /** Hands `frame` to every other radio tuned like `sender`. */
  transmit(sender: GuestRadio, frame: Uint8Array, dBm: number): void {
    this.log.push({ from: sender.id, frame });
    const signal = Math.min(STRONGEST_SIGNAL, dBm - PATH_LOSS_DB);
    for (const radio of this.radios) if (radio !== sender && radio.hears(sender)) radio.receive({ frame, signal });
  }
}

interface Arrival {
  frame: Uint8Array;
  /** dBm (negative). */
  signal: number;
}

/** One board's RADIO registers, as DAL uses them. */
export class GuestRadio {
  private mode: 'off' | 'tx' | 'rx' = 'off';
  private listening = false;
  private ready = false;
  private end = false;
  private packetPtr = 0;
  private frequency = 2;
  private base0 = 0;
  private prefix0 = 0;
  private txDbm = 0;
  /** PCNF1's MAXLEN: the most bytes after the length byte that go on air. */
  private maxLength = 0;
  private sample = 0;
  private readonly backlog: Arrival[] = [];
  private delivering = false;
  private guest: { whileStopped: <T>(work: (guest: StoppedGuest) => Promise<T>) => Promise<T> } | undefined;
  private raise: (() => Promise<void>) | undefined;
  /** Frames written into this board's RAM. */
  delivered = 0;
  /** What went wrong delivering a frame, for a test's failure message. */
  error: string | undefined;

  constructor(
    private readonly air: RadioAir,
    readonly id: number,
  ) {}

  /** The GDB client that can stop this board (set once the guest runs). */
  attach(
    guest: { whileStopped: <T>(work: (guest: StoppedGuest) => Promise<T>) => Promise<T> },
    raise: () => Promise<void>,
  ): void {
    this.guest = guest;
    this.raise = raise;
    this.pump();
  }

  /** Leaves the air (the board is switched off). */
  close(): void {
    this.air.leave(this);
    this.guest = undefined;
  }

  /**
   * Whether this radio hears a frame `sender` sends now: it is on, on the same band and address.
   * (One that is sending gets the frame when it listens again.)
   */
  hears(sender: GuestRadio): boolean {
    return (
      this.mode !== 'off' &&
      this.frequency === sender.frequency &&
      this.base0 === sender.base0 &&
      (this.prefix0 & 0xff) === (sender.prefix0 & 0xff)
    );
  }

  /** The registers the harness watches (each access stops the guest: as few as DAL needs). */
  registers(): ModelledRegister[] {
    const store = (address: number, write: (value: number) => void): ModelledRegister => ({ address, write });
    return [
      store(TASKS_TXEN, () => this.task('tx')),
      store(TASKS_RXEN, () => this.task('rx')),
      { address: TASKS_START, write: (_value, guest) => this.start(guest) },
      store(PACKETPTR, (value) => (this.packetPtr = value)),
      store(FREQUENCY, (value) => (this.frequency = value)),
      store(TXPOWER, (value) => (this.txDbm = (value << 24) >> 24)),
      store(PCNF1, (value) => (this.maxLength = value & 0xff)),
      store(BASE0, (value) => (this.base0 = value)),
      store(PREFIX0, (value) => (this.prefix0 = value)),
      { address: EVENTS_READY, read: () => this.take('ready') },
      { address: EVENTS_END, read: () => this.take('end') },
      { address: EVENTS_DISABLED, read: () => 1 },
      { address: CRCSTATUS, read: () => 1 },
      { address: RSSISAMPLE, read: () => this.sample },
    ];
  }

  private task(mode: 'tx' | 'rx'): void {
    this.mode = mode;
    this.listening = false;
    this.ready = true;
  }

  private take(event: 'ready' | 'end'): number {
    const set = this[event];
    this[event] = false;
    return set ? 1 : 0;
  }

  private async start(guest: StoppedGuest): Promise<void> {
    if (this.mode === 'tx') {
      const bytes = await guest.read(this.packetPtr, 1 + this.maxLength);
      const frame = bytes.slice(0, 1 + Math.min(bytes[0]!, this.maxLength));
      this.end = true;
      this.air.transmit(this, frame, this.txDbm);
    } else if (this.mode === 'rx') {
      this.listening = true;
      this.pump();
    }
  }

  /** A frame from the air: it waits until this radio listens and takes interrupts. */
  receive(arrival: Arrival): void {
    this.backlog.push(arrival);
    this.pump();
  }

  private pump(): void {
    if (this.delivering || !this.listening || !this.backlog.length || !this.guest || this.error) return;
    this.delivering = true;
    let retry = false;
    this.guest
      .whileStopped(async (guest) => {
        if (!this.listening) return;
        // Inside send() the interrupt is off, and its pending bit is cleared before it is on.
        const enabled = (await guest.read(NVIC_ISER, 4))[0]! & RADIO_IRQ_BIT;
        if (!enabled) {
          retry = true;
          return;
        }
        const arrival = this.backlog.shift()!;
        await guest.write(this.packetPtr, arrival.frame);
        this.sample = -arrival.signal;
        this.end = true;
        this.listening = false;
        await this.raise!();
        this.delivered++;
      })
      .catch((error: unknown) => {
        this.error = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        this.delivering = false;
        if (retry) setTimeout(() => this.pump(), RETRY_MS);
        else this.pump();
      });
  }
}
