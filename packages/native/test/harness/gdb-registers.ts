/**
 * Peripheral registers that Debian's QEMU does not model, answered through QEMU's GDB stub.
 *
 * QEMU 7.2's nRF51 maps every peripheral it lacks (TEMP, RADIO, …) as an "unimplemented device"
 * whose registers read 0, so firmware that polls one spins forever (DAL's thermometer waits for
 * TEMP's EVENTS_DATARDY). Neither qtest nor the monitor can map memory over it, but the GDB stub
 * can watch reads: a read watchpoint on each modelled register stops the guest, and this client
 * carries out the load itself (the register the instruction loads gets the model's value, the pc
 * steps over it), then lets the guest go on. Checked on QEMU 7.2 (Debian): the stop comes before
 * the access, with the pc at the load; DAL's loads are 16-bit Thumb LDRs.
 *
 * The protocol is GDB's remote serial protocol, in its simplest form: `$data#checksum` packets,
 * each acknowledged with `+`, one request at a time.
 */
import { createConnection, type Socket } from 'node:net';

/** A modelled register: what a 32-bit load from `address` gives. */
interface ModelledRegister {
  address: number;
  value: () => number;
}

const hex32 = (value: number) =>
  [0, 8, 16, 24].map((shift) => ((value >>> shift) & 0xff).toString(16).padStart(2, '0')).join('');
const fromHex32 = (text: string) => parseInt(text.match(/../g)!.reverse().join(''), 16);
const checksum = (text: string) =>
  ([...text].reduce((sum, char) => sum + char.charCodeAt(0), 0) & 0xff).toString(16).padStart(2, '0');

/** Rt of a 16-bit Thumb word load (LDR immediate or register), or undefined for anything else. */
function loadTarget(instruction: number): number | undefined {
  if ((instruction & 0xf800) === 0x6800 || (instruction & 0xfe00) === 0x5800) return instruction & 7;
  return undefined;
}

export class GdbRegisterModel {
  private buffer = '';
  private readonly replies: ((packet: string) => void)[] = [];
  private closed = false;
  /** What went wrong, for a test's failure message (the guest then stays stopped). */
  error: string | undefined;
  /** How many loads were answered. */
  reads = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly registers: ReadonlyMap<number, () => number>,
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
    const model = new GdbRegisterModel(socket, new Map(registers.map((r) => [r.address >>> 0, r.value])));
    await model.request('?');
    for (const { address } of registers) {
      const reply = await model.request(`Z3,${(address >>> 0).toString(16)},4`);
      if (reply !== 'OK') throw new Error(`QEMU's GDB stub refused a read watchpoint: "${reply}"`);
    }
    void model.run();
    return model;
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
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

  /** Continues the guest; at each watchpoint stop, carries out the load and continues again. */
  private async run(): Promise<void> {
    while (!this.closed) {
      const stop = await this.request('c');
      const watched = /rwatch:([0-9a-fA-F]+)/.exec(stop);
      if (!watched) {
        if (!this.closed) this.error = `the guest stopped: "${stop}"`;
        return;
      }
      const value = this.registers.get(parseInt(watched[1]!, 16));
      const registers = await this.request('g');
      const pc = fromHex32(registers.slice(15 * 8, 16 * 8));
      const bytes = await this.request(`m${pc.toString(16)},2`);
      const rt = loadTarget(parseInt(bytes.slice(2, 4) + bytes.slice(0, 2), 16));
      if (value === undefined || rt === undefined) {
        this.error = `no model for the read at pc 0x${pc.toString(16)} (${stop}, instruction ${bytes})`;
        return;
      }
      const set = (text: string, n: number, word: number) => text.slice(0, n * 8) + hex32(word) + text.slice(n * 8 + 8);
      const written = await this.request(`G${set(set(registers, rt, value()), 15, pc + 2)}`);
      if (written !== 'OK') {
        this.error = `QEMU's GDB stub did not take the registers: "${written}"`;
        return;
      }
      this.reads++;
    }
  }
}
