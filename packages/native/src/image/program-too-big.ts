import { DEVICE_FACTS, type DeviceVariant } from '../firmware/device-variant.ts';

/** Spec 001 §8: "program too big by {0} bytes!" with code 9283. */
export const PROGRAM_TOO_BIG_CODE = 9283;

function programTooBigMessage(bytes: number): string {
  return `program too big by ${bytes} bytes!`;
}

/** The program does not fit in the flash a variant leaves for it. */
export class ProgramTooBigError extends Error {
  override readonly name = 'ProgramTooBigError';
  readonly code = PROGRAM_TOO_BIG_CODE;

  constructor(
    readonly variant: DeviceVariant,
    /** How many bytes too many. */
    readonly overBy: number,
  ) {
    super(programTooBigMessage(overBy));
  }

  /** The board it is too big for, for the learner ("micro:bit V1"). */
  get board(): string {
    return DEVICE_FACTS[this.variant].title;
  }
}
