// Buttons A and B and the virtual A+B button. Pressing raises "down"; releasing raises "up" and
// "click" (what onButtonPressed listens to), with the device's event ids. Pressing A+B holds
// both buttons and raises only A+B's events, as the device suppresses the single ones.

export const BUTTON_ID = { A: 1, B: 2, AB: 3 } as const;
export const BUTTON_EVENT = { DOWN: 1, UP: 2, CLICK: 3, LONG_CLICK: 4 } as const;

export type ButtonName = keyof typeof BUTTON_ID;

export class Buttons {
  private readonly down = { A: false, B: false };

  constructor(private readonly raise: (source: number, value: number) => void) {}

  press(button: ButtonName): void {
    if (button === 'AB') {
      this.down.A = this.down.B = true;
    } else this.down[button] = true;
    this.raise(BUTTON_ID[button], BUTTON_EVENT.DOWN);
  }

  release(button: ButtonName): void {
    if (button === 'AB') {
      this.down.A = this.down.B = false;
    } else this.down[button] = false;
    this.raise(BUTTON_ID[button], BUTTON_EVENT.UP);
    this.raise(BUTTON_ID[button], BUTTON_EVENT.CLICK);
  }

  isPressed(button: ButtonName): boolean {
    return button === 'AB' ? this.down.A && this.down.B : this.down[button];
  }

  /** The ButtonName of a `Button` enum value (A = 1, B = 2, AB = 3), or undefined. */
  static fromEnum(value: number): ButtonName | undefined {
    return value === 1 ? 'A' : value === 2 ? 'B' : value === 3 ? 'AB' : undefined;
  }
}
