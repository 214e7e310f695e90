/**
 * A compass calibration stored in the V1 board's flash, as DAL would have stored it after a
 * learner played its calibration game once.
 *
 * Facts (microbit-dal v2.2.0-rc6): the first `input.compassHeading()` on an uncalibrated compass
 * runs MicroBitCompassCalibrator::calibrateUX, which scrolls "TILT TO FILL SCREEN" and waits until
 * the learner has tilted the board to light all 25 LEDs; only then does the program go on. At
 * start the calibrator reads the key "compassCal" from MicroBitStorage and, when it is there,
 * marks the compass calibrated. MicroBitStorage keeps one flash page at
 * CODEPAGESIZE × (CODESIZE − 17) (QEMU's FICR: 1024 × 239 = 0x3BC00): a header (magic 0xCAFE,
 * number of entries) then 48-byte entries (16-byte key, 32-byte value). The value is
 * CompassCalibration: centre x, y, z, scale x, y, z (1024 = 1.0), radius, as 32-bit integers.
 *
 * The harness writes that page into the flash image it boots (never into the product's .hex)
 * with a neutral calibration (no offset, scale 1), so the readings DAL uses are the model's.
 */
const STORAGE_PAGE = 0x3bc00;
const STORAGE_MAGIC = 0xcafe;
const KEY_SIZE = 16;

export function storeCompassCalibration(flash: Uint8Array): void {
  const page = new DataView(flash.buffer, flash.byteOffset + STORAGE_PAGE, 1024);
  page.setUint32(0, STORAGE_MAGIC, true);
  page.setUint32(4, 1, true);
  const key = 'compassCal';
  for (let i = 0; i < KEY_SIZE; i++) page.setUint8(8 + i, i < key.length ? key.charCodeAt(i) : 0);
  const value = [0, 0, 0, 1024, 1024, 1024, 0];
  value.forEach((word, i) => page.setInt32(8 + KEY_SIZE + i * 4, word, true));
}
