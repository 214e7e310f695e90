/**
 * The V1 board's accelerometer and magnetometer on its I2C bus, answered for DAL in QEMU.
 *
 * What the firmware does (microbit-dal v2.2.0-rc6, the DAL in pxt-microbit 9.1.1's V1 image) and
 * what QEMU 7.2 gives it (hw/i2c/microbit_i2c.c):
 * - DAL probes the bus once at start: MMA8653 accelerometer (WHO_AM_I 0x0D = 0x5A at 0x1D), then
 *   MAG3110 magnetometer (WHO_AM_I 0x07 = 0xC4 at 0x0E), then LSM303AGR magnetometer
 *   (WHO_AM_I 0x4F = 0x40 at 0x1E). QEMU's "microbit.twi" stub over TWI0 (0x40003000) reports
 *   every TWI event at once and answers RXD with 0x5A, 0x5A, 0x40: an MMA8653 and an LSM303AGR.
 *   After those three bytes it has no answer (it reads past its table), so every later sample
 *   is junk.
 * - DAL talks to a chip through mbed's TWI driver: ADDRESS (7-bit), TASKS_STARTTX, TXD with the
 *   register number (then values, for a write), TASKS_STARTRX, one RXD load per byte; the chips
 *   step to the next register by themselves.
 * - DAL reads the magnetometer only while its data-ready line (P0.29) is high; the MMA8653 while
 *   its line (P0.28) is low (DAL's pull-down gives low). The harness drives P0.29 high.
 *
 * This model plays the same two chips behind the same stub (the probes find what they found
 * before), through the GDB register model: stores to ADDRESS, TASKS_STARTTX and TXD and loads
 * from RXD stop the guest and come here. The samples are those of a board lying flat (the
 * simulator's default acceleration) in a field whose bearing is `heading`.
 */
import type { ModelledRegister } from './gdb-registers.ts';

const TWI0 = 0x40003000;
const TWI = { TASKS_STARTRX: 0x000, TASKS_STARTTX: 0x008, RXD: 0x518, TXD: 0x51c, ADDRESS: 0x588 } as const;

/** What one chip on the bus answers (register numbers as the firmware sends them). */
interface I2cChip {
  read(register: number): number;
  write(register: number, value: number): void;
}

const int8 = (value: number) => Math.max(-128, Math.min(127, Math.round(value))) & 0xff;
const int16 = (value: number) => Math.max(-32768, Math.min(32767, Math.round(value))) & 0xffff;

/** The field and tilt the board feels; change them while it runs. */
export interface MotionSensorState {
  /** Compass heading (degrees clockwise from north) that DAL computes while the board lies flat. */
  heading: number;
  /** Acceleration in milli-g, in DAL's (and the simulator's) axes: flat on a table is (0, 0, -1023). */
  acceleration: { x: number; y: number; z: number };
}

/**
 * MMA8653 (10-bit, MSB register per axis). DAL computes x = -8·MSB(x)·range and y likewise,
 * z = 8·MSB(z)·range, with range the g range written to XYZ_DATA_CFG (0: 2 g, 1: 4 g, 2: 8 g).
 */
function mma8653(state: MotionSensorState): I2cChip {
  let range = 2;
  return {
    read(register) {
      const unit = 8 * range;
      const { x, y, z } = state.acceleration;
      const msb = [0, -x / unit, 0, -y / unit, 0, z / unit, 0];
      if (register >= 0x01 && register <= 0x06) return register % 2 === 1 ? int8(msb[register]!) : 0;
      return register === 0x0d ? 0x5a : 0;
    },
    write(register, value) {
      if (register === 0x0e) range = 2 << (value & 3);
    },
  };
}

/** Horizontal and vertical field in LSM303AGR counts (0.15 µT each): about 20 µT and 45 µT. */
const HORIZONTAL = 133;
const VERTICAL = -300;

/**
 * LSM303AGR magnetometer: X, Y, Z as 16-bit little-endian counts from 0x68. DAL turns them into
 * a bearing (tilt-compensated, board flat) of 90° - atan2(-Y, X): so X = H·sin(heading),
 * Y = -H·cos(heading). The vertical part does not change the bearing of a flat board.
 */
function lsm303Magnetometer(state: MotionSensorState): I2cChip {
  return {
    read(register) {
      const reg = register & 0x7f; // DAL sets bit 7 (auto-increment), which this chip ignores
      if (reg === 0x4f) return 0x40;
      if (reg < 0x68 || reg > 0x6d) return 0;
      const radians = (state.heading * Math.PI) / 180;
      const axis = [HORIZONTAL * Math.sin(radians), -HORIZONTAL * Math.cos(radians), VERTICAL];
      const word = int16(axis[(reg - 0x68) >> 1]!);
      return reg % 2 === 0 ? word & 0xff : word >> 8;
    },
    write: () => undefined,
  };
}

/** The TWI0 registers the model takes over, serving both chips from `state`. */
export function motionSensorRegisters(state: MotionSensorState): ModelledRegister[] {
  const chips = new Map<number, I2cChip>([
    [0x1d, mma8653(state)],
    [0x1e, lsm303Magnetometer(state)],
  ]);
  let address = 0;
  let pointer = 0;
  let firstByte = false;
  const chip = () => chips.get(address);
  return [
    { address: TWI0 + TWI.ADDRESS, write: (value) => void (address = value & 0x7f) },
    { address: TWI0 + TWI.TASKS_STARTTX, write: () => void (firstByte = true) },
    { address: TWI0 + TWI.TASKS_STARTRX, write: () => undefined },
    {
      address: TWI0 + TWI.TXD,
      write: (value) => {
        if (firstByte) pointer = value & 0xff;
        else chip()?.write(pointer++ & 0x7f, value & 0xff);
        firstByte = false;
      },
    },
    // A missing chip reads as 0 (no MAG3110 on this board).
    { address: TWI0 + TWI.RXD, read: () => chip()?.read(pointer++) ?? 0 },
  ];
}
