// Faults the emulated board can be told to have, by name (the CLI's --fault and the page's
// devicefault= use the same words):
// - unplug@<percent>: the cable comes out when the flash is that far along, and goes back in
//   1.5 s later (unplug@<percent>!: it stays out);
// - late-response[@<percent>]: one answer arrives 1.5 s late (after the host's 1 s timeout);
// - duplicate-response[@<percent>]: one answer arrives twice;
// - stuck-bootloader: after a reset the board stays in its bootloader (halted) until it is
//   unplugged and plugged in again;
// - busy: another tab or program holds the board's USB interface;
// - wont-halt: the processor ignores every request to stop, so the board never goes into
//   bootloader mode, until it is unplugged and plugged in again;
// - usb-error[@<percent>]: from then on every USB transfer fails (a broken cable or hub), until
//   the board is unplugged and plugged in again;
// - error-response[@<percent>]: from then on DAPLink answers every command with its error status
//   (a failed SWD transfer's FAULT, 0xFF for the others), until it is power cycled.
// Faults that happen "at a percent" are armed by whoever watches the flash's progress (the
// CLI, the e2e page): the board itself cannot know how far a flash is.

export type FaultKind =
  | 'unplug'
  | 'late-response'
  | 'duplicate-response'
  | 'stuck-bootloader'
  | 'busy'
  | 'wont-halt'
  | 'usb-error'
  | 'error-response';

export interface FaultSpec {
  kind: FaultKind;
  /** For faults that fire during a flash: the progress (0-100) at which they fire. */
  atPercent: number;
  /** unplug: plug back in after this many ms (null: never). */
  replugAfterMs: number | null;
}

export const FAULT_KINDS: readonly FaultKind[] = [
  'unplug',
  'late-response',
  'duplicate-response',
  'stuck-bootloader',
  'busy',
  'wont-halt',
  'usb-error',
  'error-response',
];

/** Faults that hold from the moment they are armed, not from a point in the flash. */
const STANDING_FAULTS: readonly FaultKind[] = ['busy', 'stuck-bootloader', 'wont-halt'];

/** How late a late response is: past the 1000 ms command timeout. */
export const LATE_RESPONSE_MS = 1500;
export const REPLUG_AFTER_MS = 1500;

export class FaultSpecError extends Error {
  override readonly name = 'FaultSpecError';
}

/** Reads "unplug@50", "late-response", "busy", …; throws FaultSpecError with the accepted words. */
export function parseFaultSpec(text: string): FaultSpec {
  const match = /^([a-z-]+)(?:@(\d{1,3})(!?))?$/.exec(text.trim());
  const kind = match?.[1] as FaultKind | undefined;
  if (!match || !kind || !FAULT_KINDS.includes(kind)) {
    throw new FaultSpecError(
      `"${text.slice(0, 40)}" is not a fault I know. Use unplug@<percent>, late-response, duplicate-response, stuck-bootloader, busy, wont-halt, usb-error or error-response.`,
    );
  }
  const percent = match[2] === undefined ? (kind === 'unplug' ? 50 : 30) : Number(match[2]);
  if (percent > 100) throw new FaultSpecError(`The percent in "${text.slice(0, 40)}" must be from 0 to 100.`);
  if (match[3] && kind !== 'unplug') throw new FaultSpecError('Only unplug takes "!" (stay unplugged).');
  return { kind, atPercent: percent, replugAfterMs: kind === 'unplug' && !match[3] ? REPLUG_AFTER_MS : null };
}

/** What a fault is done to: the emulated board (emulated-board.ts). */
export interface FaultTarget {
  applyStandingFault(fault: FaultSpec): void;
  fire(fault: FaultSpec): void;
}

/**
 * Sets a fault up on a board: standing faults (busy, stuck-bootloader, wont-halt) at once; the others fire
 * once, when the progress a flash reports reaches the fault's percent. Returns the progress
 * listener to pass to the flash.
 */
export function armFault(board: FaultTarget, fault: FaultSpec): (progress: { percent: number; stage: string }) => void {
  if (STANDING_FAULTS.includes(fault.kind)) {
    board.applyStandingFault(fault);
    return () => undefined;
  }
  let fired = false;
  return (progress) => {
    if (fired || progress.stage === 'connecting') return;
    if (progress.percent >= fault.atPercent) {
      fired = true;
      board.fire(fault);
    }
  };
}
