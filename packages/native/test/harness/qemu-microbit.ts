/**
 * Boots a micro:bit V1 image in Debian's stock `qemu-system-arm -M microbit` and watches it: the
 * serial output (UART into a file the harness reads as it grows), the LED matrix (GPIO output changes through qtest), the buttons
 * (GPIO inputs through qtest). See packages/native/README.md, "Emulation harness", for what the
 * model can and cannot do.
 *
 * The steps (checked in docs/firmware-interface.md, "Running in QEMU"): start halted (-S) with a
 * qtest socket and a monitor socket; drive both button pins high (released: an undriven pin reads
 * as pressed, and both pressed at reset enters a mode that never returns); ask for output-pin
 * events; `cont`. `-icount shift=4,sleep=off` makes the guest's time deterministic and faster
 * than the wall clock.
 *
 * Serial output goes to a plain file, not stdio: with stdio (a socket pair), a busy host (CI runs
 * many test files at once) filled the socket with one-byte writes, QEMU's UART waited to retry,
 * and the program's fiber slept forever mid-line. Writes to a file never wait. Serial input
 * (`typeSerial`) goes through a FIFO that QEMU's pipe backend reads.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  constants,
  existsSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { storeCompassCalibration } from './compass-calibration.ts';
import { v1FlashImage } from './flash-image.ts';
import { GdbRegisterModel, type ModelledRegister } from './gdb-registers.ts';
import { frameText, LedMatrixDecoder, type LedFrame } from './led-matrix.ts';
import type { GuestRadio } from './radio-model.ts';
import { motionSensorRegisters, type MotionSensorState } from './motion-sensors.ts';

const QEMU = '/usr/bin/qemu-system-arm';
/** QEMU's pipe backend writes `<name>.out` (a plain file here) and reads `<name>.in` (a FIFO). */
const SERIAL_PIPE = 'serial';
/** How often the serial file is read for new output (wall time). */
const SERIAL_POLL_MS = 15;
const BUTTON_PINS = { A: 17, B: 26 } as const;
/** nRF51 TEMP: EVENTS_DATARDY and TEMP (the die temperature in quarter degrees). */
const TEMP_EVENTS_DATARDY = 0x4000c100;
const TEMP_VALUE = 0x4000c508;
/** The Cortex-M0's interrupt controller (QOM path) and the RADIO's line on it. */
const NVIC = '/machine/nrf51/armv6m';
const RADIO_IRQ = 1;
/** The magnetometer's data-ready line (motion-sensors.ts). */
const MAGNETOMETER_READY_PIN = 29;
export type ButtonName = 'A' | 'B' | 'AB';

class HarnessTimeout extends Error {
  override readonly name = 'HarnessTimeout';
}

export function qemuAvailable(): boolean {
  return existsSync(QEMU);
}

export interface BootOptions {
  /** Give up on the whole session after this many ms of wall time (default 60 s). */
  sessionTimeoutMs?: number;
  /** -icount shift (virtual ns per instruction = 2^shift); 4 by default. */
  icountShift?: number;
  /** Record the LED matrix (costs qtest traffic: about 4,000 events per second). Default true. */
  leds?: boolean;
  /**
   * The temperature (°C) the board's sensor reads. QEMU has no TEMP model (its registers read 0
   * and DAL's thermometer waits for a reading forever); with this set, the harness answers TEMP's
   * registers through QEMU's GDB stub (gdb-registers.ts). Off by default.
   */
  temperature?: number;
  /**
   * The board's radio, from a RadioAir shared with the other boards (radio-model.ts): QEMU has
   * no RADIO, so without one radio.setGroup and every send wait for ever.
   */
  radio?: GuestRadio;
  /**
   * The compass and accelerometer (motion-sensors.ts), read while the board runs: QEMU's TWI
   * stub answers only DAL's probes. Also stores a compass calibration in the booted flash
   * (compass-calibration.ts), as a board whose calibration game was played once. Off by default.
   */
  motion?: MotionSensorState;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function connect(path: string, deadline: number): Promise<Socket> {
  for (;;) {
    if (existsSync(path)) {
      const socket = await new Promise<Socket | null>((resolve) => {
        const s = createConnection(path);
        s.once('connect', () => resolve(s));
        s.once('error', () => resolve(null));
      });
      if (socket) return socket;
    }
    if (Date.now() > deadline) throw new HarnessTimeout(`QEMU did not open ${path}`);
    await sleep(20);
  }
}

/** A running emulated micro:bit V1. Always `close()` it (tests: in `finally` or afterEach). */
export class MicrobitSession {
  private serialText = '';
  private readonly decoder: LedMatrixDecoder;
  private readonly waiters = new Set<() => void>();
  private qtestBuffer = '';
  private readonly replies: ((line: string) => void)[] = [];
  private exited = false;
  private exitInfo = '';
  private stderr = '';
  private readonly killTimer: NodeJS.Timeout;
  private readonly serialPoll: NodeJS.Timeout;
  private serialFd: number | undefined;
  private serialInFd: number | undefined;
  private closed = false;
  private readonly serialChunk = Buffer.alloc(64 * 1024);
  /** Registers QEMU lacks, answered through its GDB stub (BootOptions.temperature, .motion). */
  private registers: GdbRegisterModel | undefined;
  private radio: GuestRadio | undefined;

  private constructor(
    private readonly qemu: ChildProcess,
    private readonly qtest: Socket,
    private readonly monitor: Socket,
    private readonly dir: string,
    sessionTimeoutMs: number,
  ) {
    this.decoder = new LedMatrixDecoder(() => this.notify());
    this.serialPoll = setInterval(() => this.readSerial(), SERIAL_POLL_MS);
    qemu.stderr!.setEncoding('utf8');
    qemu.stderr!.on('data', (chunk: string) => {
      if (this.stderr.length < 20_000) this.stderr += chunk;
    });
    qemu.once('exit', (code, signal) => {
      if (!this.closed) this.readSerial();
      this.exited = true;
      this.exitInfo = `QEMU exited (${signal ?? code})`;
      this.notify();
    });
    qtest.setEncoding('latin1');
    qtest.on('data', (chunk: string) => this.onQtest(chunk));
    qtest.on('error', () => undefined);
    monitor.on('error', () => undefined);
    monitor.on('data', () => undefined);
    this.killTimer = setTimeout(() => this.close(), sessionTimeoutMs);
  }

  /** Boots a V1 .hex or Universal Hex (text). */
  static async boot(hex: string, options: BootOptions = {}): Promise<MicrobitSession> {
    const dir = mkdtempSync(join(tmpdir(), 'blockyard-qemu-'));
    const kernel = join(dir, 'v1.bin');
    const flash = v1FlashImage(hex);
    if (options.motion) storeCompassCalibration(flash);
    writeFileSync(kernel, flash);
    const qtestPath = join(dir, 'qtest.sock');
    const monitorPath = join(dir, 'monitor.sock');
    const gdbPath = join(dir, 'gdb.sock');
    writeFileSync(join(dir, `${SERIAL_PIPE}.out`), '');
    execFileSync('mkfifo', [join(dir, `${SERIAL_PIPE}.in`)]);
    const shift = options.icountShift ?? 4;
    const qemu = spawn(
      QEMU,
      [
        '-M',
        'microbit',
        '-kernel',
        kernel,
        '-display',
        'none',
        '-S',
        '-serial',
        `pipe:${join(dir, SERIAL_PIPE)}`,
        '-icount',
        `shift=${shift},sleep=off,align=off`,
        '-qtest',
        `unix:${qtestPath},server=on,wait=off`,
        '-monitor',
        `unix:${monitorPath},server=on,wait=off`,
        ...(options.temperature === undefined && !options.radio && !options.motion
          ? []
          : ['-gdb', `unix:${gdbPath},server=on,wait=off`]),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const deadline = Date.now() + 10_000;
    let qtest: Socket | undefined;
    let monitor: Socket | undefined;
    try {
      qtest = await connect(qtestPath, deadline);
      monitor = await connect(monitorPath, deadline);
    } catch (error) {
      qemu.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    const session = new MicrobitSession(qemu, qtest, monitor, dir, options.sessionTimeoutMs ?? 60_000);
    await session.command(`set_irq_in /machine/nrf51 unnamed-gpio-in ${BUTTON_PINS.A} 1`);
    await session.command(`set_irq_in /machine/nrf51 unnamed-gpio-in ${BUTTON_PINS.B} 1`);
    if (options.leds ?? true) await session.command('irq_intercept_out /machine/nrf51');
    const temperature = options.temperature;
    const modelled: ModelledRegister[] = [
      ...(temperature === undefined
        ? []
        : [
            { address: TEMP_EVENTS_DATARDY, read: () => 1 },
            { address: TEMP_VALUE, read: () => Math.round(temperature * 4) },
          ]),
      ...(options.motion ? motionSensorRegisters(options.motion) : []),
      ...(options.radio?.registers() ?? []),
    ];
    if (options.motion) await session.command(`set_irq_in /machine/nrf51 unnamed-gpio-in ${MAGNETOMETER_READY_PIN} 1`);
    if (modelled.length === 0) monitor.write('cont\n');
    else {
      // The GDB client lets the guest run (instead of the monitor's cont). Its socket was made
      // with the other two, before they answered.
      try {
        session.registers = await GdbRegisterModel.start(gdbPath, modelled);
        options.radio?.attach(session.registers, () => session.pulseInterrupt(RADIO_IRQ));
        session.radio = options.radio;
      } catch (error) {
        session.close();
        throw error;
      }
    }
    return session;
  }

  /** Everything the program wrote to the serial port so far. */
  get serial(): string {
    return this.serialText;
  }

  /** The LED pictures seen so far, each once when it changed. */
  get frames(): readonly LedFrame[] {
    return this.decoder.frames;
  }

  get running(): boolean {
    return !this.exited;
  }

  /** Appends what QEMU wrote to the serial file since the last read. */
  private readSerial(): void {
    if (this.serialFd === undefined) {
      try {
        this.serialFd = openSync(join(this.dir, `${SERIAL_PIPE}.out`), 'r');
      } catch {
        return; // QEMU has not created it yet
      }
    }
    let added = '';
    for (;;) {
      const read = readSync(this.serialFd, this.serialChunk, 0, this.serialChunk.length, null);
      if (read <= 0) break;
      added += this.serialChunk.toString('latin1', 0, read);
    }
    if (added) {
      this.serialText += added;
      this.notify();
    }
  }

  private onQtest(chunk: string): void {
    this.qtestBuffer += chunk;
    let newline = this.qtestBuffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.qtestBuffer.slice(0, newline);
      this.qtestBuffer = this.qtestBuffer.slice(newline + 1);
      if (line.startsWith('IRQ ')) this.decoder.event(line);
      else if (line.startsWith('OK') || line.startsWith('FAIL')) this.replies.shift()?.(line);
      newline = this.qtestBuffer.indexOf('\n');
    }
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** One qtest command; resolves with its reply, throws on FAIL. */
  command(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.replies.push((line) => (line.startsWith('OK') ? resolve(line) : reject(new Error(`${text}: ${line}`))));
      this.qtest.write(text + '\n');
    });
  }

  /**
   * Waits until `done()` holds, checking on every output change; throws HarnessTimeout (with
   * what was seen) after `timeoutMs` of wall time or when QEMU stops.
   */
  waitUntil(done: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (done()) finish();
        else if (this.exited) finish(new HarnessTimeout(`${this.exitInfo} before ${what}. ${this.describe()}`));
      };
      const timer = setTimeout(
        () => finish(new HarnessTimeout(`timed out after ${timeoutMs} ms waiting for ${what}. ${this.describe()}`)),
        timeoutMs,
      );
      this.waiters.add(check);
    });
  }

  /** Waits for serial output matching `pattern` (a string: contained; a RegExp: matched). */
  async waitForSerial(pattern: string | RegExp, timeoutMs?: number): Promise<string> {
    const matches = () =>
      typeof pattern === 'string' ? this.serialText.includes(pattern) : pattern.test(this.serialText);
    await this.waitUntil(matches, `serial output ${String(pattern)}`, timeoutMs);
    return this.serialText;
  }

  /** Waits until the LEDs show `frame` (five rows of '#' and '.'). */
  async waitForFrame(frame: LedFrame, timeoutMs?: number): Promise<void> {
    const want = frameText(frame);
    const last = () => {
      const frames = this.decoder.frames;
      return frames.length > 0 && frameText(frames[frames.length - 1]!) === want;
    };
    await this.waitUntil(last, `the LEDs to show\n${want}\n`, timeoutMs);
  }

  /**
   * Raises external interrupt `irq` once (a pulse on the NVIC's input line through qtest; GDB
   * cannot do it: QEMU's debugger stores reach RAM and ROM only, a store to the NVIC's ISPR is
   * dropped).
   */
  async pulseInterrupt(irq: number): Promise<void> {
    await this.command(`set_irq_in ${NVIC} unnamed-gpio-in ${irq} 1`);
    await this.command(`set_irq_in ${NVIC} unnamed-gpio-in ${irq} 0`);
  }

  /** Sends text to the board's serial input (the UART's RX), as a computer would. */
  typeSerial(text: string): void {
    // QEMU holds the FIFO open for reading, so this open never waits.
    this.serialInFd ??= openSync(join(this.dir, `${SERIAL_PIPE}.in`), constants.O_WRONLY | constants.O_NONBLOCK);
    writeSync(this.serialInFd, Buffer.from(text, 'latin1'));
  }

  /** Presses and releases a button (or both); `holdMs` of wall time in between. */
  async press(button: ButtonName, holdMs = 100): Promise<void> {
    const pins = button === 'AB' ? [BUTTON_PINS.A, BUTTON_PINS.B] : [BUTTON_PINS[button]];
    for (const pin of pins) await this.command(`set_irq_in /machine/nrf51 unnamed-gpio-in ${pin} 0`);
    await sleep(holdMs);
    for (const pin of pins) await this.command(`set_irq_in /machine/nrf51 unnamed-gpio-in ${pin} 1`);
  }

  describe(): string {
    const frames = this.decoder.frames;
    const last = frames.length ? `\nlast LEDs:\n${frameText(frames[frames.length - 1]!)}` : '\nno LED picture yet';
    const serial = this.serialText.length > 2000 ? '…' + this.serialText.slice(-2000) : this.serialText;
    const registers = this.registers?.error ? `\nGDB register model: ${this.registers.error}` : '';
    const radio = this.radio?.error ? `\nradio: ${this.radio.error}` : '';
    return `Serial so far: ${JSON.stringify(serial)}${last}${registers}${radio}${this.stderr ? `\nQEMU said: ${this.stderr.slice(0, 500)}` : ''}`;
  }

  /** Stops QEMU (SIGKILL to its own pid) and removes the temporary files. Safe to call twice. */
  close(): void {
    clearTimeout(this.killTimer);
    clearInterval(this.serialPoll);
    this.closed = true;
    for (const fd of [this.serialFd, this.serialInFd]) if (fd !== undefined) closeSync(fd);
    this.serialFd = undefined;
    this.serialInFd = undefined;
    this.qtest.destroy();
    this.monitor.destroy();
    this.registers?.close();
    this.radio?.close();
    if (!this.exited) this.qemu.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
