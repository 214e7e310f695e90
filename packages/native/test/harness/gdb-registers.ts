/**
 * Peripheral registers that Debian's QEMU does not model, answered through QEMU's GDB stub.
 *
 * QEMU 7.2's nRF51 maps every peripheral it lacks (TEMP, RADIO, …) as an "unimplemented device"
 * whose registers read 0 and drop writes, so firmware that polls one spins forever (DAL's
 * thermometer waits for TEMP's EVENTS_DATARDY). Neither qtest nor the monitor can map memory
 * over it, but the GDB stub can watch accesses: a read watchpoint (`Z3`) or write watchpoint
 * (`Z2`) on each modelled register stops the guest, and this client carries out the access
 * itself: a load's register gets the model's value, a store's value goes to the model; the pc
 * steps over the instruction; then the guest goes on. Checked on QEMU 7.2 (Debian): the stop
 * comes before the access (for stores too), with the pc at the instruction; DAL's loads and
 * stores there are 16-bit Thumb LDR/STR.
 *
 * A model may also need the guest stopped at a time of its own choosing (the radio delivers a
 * packet into the receiver's RAM): `whileStopped` interrupts the guest (a 0x03 byte, as gdb's
 * Ctrl-C) and runs the work before letting it go on.
 *
 * The protocol is GDB's remote serial protocol, in its simplest form: `$data#checksum` packets,
 * each acknowledged with `+`, one request at a time.
 */
import { createConnection, type Socket } from 'node:net';

/** Memory access while the guest is stopped (GDB's `m` and `M`). */
export interface StoppedGuest {
  read(address: number, length: number): Promise<Uint8Array>;
  write(address: number, bytes: Uint8Array): Promise<void>;
}

/** A modelled register: what a 32-bit load from `address` gives, and/or what a store does. */
export interface ModelledRegister {
  address: number;
  read?: () => number;
  /** Called with the stored value while the guest is stopped at the store. */
  write?: (value: number, guest: StoppedGuest) => void | Promise<void>;
}

const hex32 = (value: number) =>
  [0, 8, 16, 24].map((shift) => ((value >>> shift) & 0xff).toString(16).padStart(2, '0')).join('');
const fromHex32 = (text: string) => parseInt(text.match(/../g)!.reverse().join(''), 16);
const checksum = (text: string) =>
  ([...text].reduce((sum, char) => sum + char.charCodeAt(0), 0) & 0xff).toString(16).padStart(2, '0');
const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Rt of a 16-bit Thumb word load (LDR immediate or register), or undefined for anything else. */
function loadTarget(instruction: number): number | undefined {
  if ((instruction & 0xf800) === 0x6800 || (instruction & 0xfe00) === 0x5800) return instruction & 7;
  return undefined;
}

/** Rt of a 16-bit Thumb word store (STR immediate or register), or undefined for anything else. */
function storeSource(instruction: number): number | undefined {
  if ((instruction & 0xf800) === 0x6000 || (instruction & 0xfe00) === 0x5000) return instruction & 7;
  return undefined;
}

export class GdbRegisterModel implements StoppedGuest {
  private buffer = '';
  private readonly replies: ((packet: string) => void)[] = [];
  private closed = false;
  private running = false;
  private interrupted = false;
  private readonly work: (() => Promise<void>)[] = [];
  /** What went wrong, for a test's failure message (the guest then stays stopped). */
  error: string | undefined;
  /** How many accesses were answered. */
  reads = 0;
  writes = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly registers: ReadonlyMap<number, ModelledRegister>,
  ) {
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => this.onData(chunk));
    socket.on('error', () => undefined);
  }

  /**
   * Connects to QEMU's GDB socket (the guest stopped, as with -S), watches the registers and lets
   * the guest run: this replaces the monitor's `cont`.
   */
  static async start(path: string, registers: readonly ModelledRegister[]): Promise<GdbRegisterModel> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = createConnection(path);
      s.once('connect', () => resolve(s));
      s.once('error', reject);
    });
    const model = new GdbRegisterModel(socket, new Map(registers.map((r) => [r.address >>> 0, r])));
    await model.request('?');
    for (const register of registers) {
      const at = (register.address >>> 0).toString(16);
      for (const kind of [register.read ? 'Z3' : '', register.write ? 'Z2' : ''].filter(Boolean)) {
        const reply = await model.request(`${kind},${at},4`);
        if (reply !== 'OK') throw new Error(`QEMU's GDB stub refused a watchpoint (${kind}): "${reply}"`);
      }
    }
    void model.run();
    return model;
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  /** Runs `work` with the guest stopped (interrupting it if it runs), then lets it go on. */
  whileStopped<T>(work: (guest: StoppedGuest) => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      this.work.push(() => work(this).then(resolve, reject));
      if (this.running && !this.interrupted && !this.closed) {
        this.interrupted = true;
        this.socket.write('\x03');
      }
    });
  }

  async read(address: number, length: number): Promise<Uint8Array> {
    const reply = await this.request(`m${(address >>> 0).toString(16)},${length.toString(16)}`);
    if (!/^([0-9a-f]{2})*$/i.test(reply) || reply.length !== length * 2)
      throw new Error(`QEMU's GDB stub could not read ${length} bytes at 0x${address.toString(16)}: "${reply}"`);
    return Uint8Array.from(reply.match(/../g) ?? [], (byte) => parseInt(byte, 16));
  }

  async write(address: number, bytes: Uint8Array): Promise<void> {
    const reply = await this.request(`M${(address >>> 0).toString(16)},${bytes.length.toString(16)}:${toHex(bytes)}`);
    if (reply !== 'OK') throw new Error(`QEMU's GDB stub did not write at 0x${address.toString(16)}: "${reply}"`);
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      this.buffer = this.buffer.replace(/^\++/, '');
      const match = /^\$([^#]*)#[0-9a-fA-F]{2}/.exec(this.buffer);
      if (!match) return;
      this.buffer = this.buffer.slice(match[0].length);
      this.socket.write('+');
      this.replies.shift()?.(match[1]!);
    }
  }

  private request(packet: string): Promise<string> {
    return new Promise((resolve) => {
      this.replies.push(resolve);
      this.socket.write(`$${packet}#${checksum(packet)}`);
    });
  }

  /**
   * Continues the guest; at each watchpoint stop, carries out the access; at each stop, runs the
   * work waiting for one; then continues again.
   */
  private async run(): Promise<void> {
    while (!this.closed) {
      this.running = true;
      const stop = await this.request('c');
      this.running = false;
      this.interrupted = false;
      if (this.closed) return;
      try {
        const watched = /(r|a)?watch:([0-9a-fA-F]+)/.exec(stop);
        if (watched) await this.access(parseInt(watched[2]!, 16), stop);
        else if (!/^T02/.test(stop)) throw new Error(`the guest stopped: "${stop}"`);
        while (this.work.length) await this.work.shift()!();
      } catch (error) {
        this.error = error instanceof Error ? error.message : String(error);
        return;
      }
    }
  }

  /** Carries out the watched load or store the guest stopped at. */
  private async access(address: number, stop: string): Promise<void> {
    const register = this.registers.get(address);
    const registers = await this.request('g');
    const pc = fromHex32(registers.slice(15 * 8, 16 * 8));
    const bytes = await this.request(`m${pc.toString(16)},2`);
    const instruction = parseInt(bytes.slice(2, 4) + bytes.slice(0, 2), 16);
    const rt = loadTarget(instruction);
    const set = (text: string, n: number, word: number) => text.slice(0, n * 8) + hex32(word) + text.slice(n * 8 + 8);
    let next = set(registers, 15, pc + 2);
    if (rt !== undefined && register?.read) {
      next = set(next, rt, register.read());
      this.reads++;
    } else {
      const source = storeSource(instruction);
      if (source === undefined || !register?.write)
        throw new Error(`no model for the access at pc 0x${pc.toString(16)} (${stop}, instruction ${bytes})`);
      await register.write(fromHex32(registers.slice(source * 8, source * 8 + 8)), this);
      this.writes++;
    }
    const written = await this.request(`G${next}`);
    if (written !== 'OK') throw new Error(`QEMU's GDB stub did not take the registers: "${written}"`);
  }
}
