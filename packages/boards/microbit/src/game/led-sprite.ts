// A game sprite: one LED on the screen with a position, a direction (a multiple of 45°, 0 is up,
// 90 right), a brightness and an optional blink. Sprites live in a GameEngine, which draws them.
// Every method behaves as the device's game library does, including how it bounces off edges.

/** LedSpriteProperty enum values. */
export const LedSpriteProperty = { X: 0, Y: 1, Direction: 2, Brightness: 3, Blink: 4 } as const;
/** Direction enum: Right = 0, Left = 1. */
const RIGHT = 0;

/** What a sprite needs from its engine. */
export interface SpriteHost {
  /** Redraws the sprites (after any change). */
  plot(): void;
  /** The sprite was deleted: stop drawing it. */
  remove(sprite: LedSprite): boolean;
}

function clamp(low: number, high: number, value: unknown): number {
  const n = Number(value);
  return Math.max(low, Math.min(high, Number.isNaN(n) ? 0 : n));
}

/** Moves per direction: [dx, dy] for 0, 45, 90, 135, 180, -135, -90, -45 degrees. */
const STEPS: Readonly<Record<number, readonly [number, number]>> = {
  0: [0, -1],
  45: [1, -1],
  90: [1, 0],
  135: [1, 1],
  180: [0, 1],
  [-135]: [-1, 1],
  [-90]: [-1, 0],
  [-45]: [-1, -1],
};

export class LedSprite {
  private px: number;
  private py: number;
  private dir = 90;
  private level = 255;
  private blinkMs = 0;
  private enabled = true;

  constructor(
    private readonly host: SpriteHost,
    x: number,
    y: number,
  ) {
    this.px = clamp(0, 4, x);
    this.py = clamp(0, 4, y);
  }

  /** Moves `leds` steps in the sprite's direction, stopping at the edge. */
  move(leds: number): void {
    const [dx, dy] = STEPS[this.dir] ?? STEPS[-135]!;
    const n = Number(leds) || 0;
    this.px = clamp(0, 4, this.px + dx * n);
    this.py = clamp(0, 4, this.py + dy * n);
    this.host.plot();
  }

  goTo(x: number, y: number): void {
    this.px = clamp(0, 4, x);
    this.py = clamp(0, 4, y);
    this.host.plot();
  }

  /** At an edge and heading into it: turn away (the device's rules, corners included). */
  ifOnEdgeBounce(): void {
    const { px: x, py: y } = this;
    const left = x === 0;
    const right = x === 4;
    const top = y === 0;
    const bottom = y === 4;
    switch (this.dir) {
      case 0:
        if (top) this.dir = 180;
        break;
      case 45:
        // The device checks the top-left corner here (not top-right): kept for the same paths.
        if (right || top) this.dir = left && top ? -135 : top ? 135 : -45;
        break;
      case 90:
        if (right) this.dir = -90;
        break;
      case 135:
        if (right || bottom) this.dir = right && bottom ? -45 : bottom ? 45 : -135;
        break;
      case 180:
        if (bottom) this.dir = 0;
        break;
      case -45:
        if (left || top) this.dir = left && top ? 135 : top ? -135 : 45;
        break;
      case -90:
        if (left) this.dir = 90;
        break;
      default:
        if (left || bottom) this.dir = left && bottom ? 45 : bottom ? -45 : 135;
        break;
    }
    this.host.plot();
  }

  /** Turns by `degrees` to the right (Direction.Right) or left. */
  turn(direction: number, degrees: number): void {
    const by = Number(degrees) || 0;
    this.setDirection(Number(direction) === RIGHT ? this.dir + by : this.dir - by);
  }

  turnRight(degrees: number): void {
    this.turn(RIGHT, degrees);
  }

  turnLeft(degrees: number): void {
    this.turn(1, degrees);
  }

  set(property: number, value: number): void {
    switch (Number(property)) {
      case LedSpriteProperty.X:
        return this.setX(value);
      case LedSpriteProperty.Y:
        return this.setY(value);
      case LedSpriteProperty.Direction:
        return this.setDirection(value);
      case LedSpriteProperty.Brightness:
        return this.setBrightness(value);
      case LedSpriteProperty.Blink:
        return this.setBlink(value);
      default:
        return undefined;
    }
  }

  change(property: number, value: number): void {
    switch (Number(property)) {
      case LedSpriteProperty.X:
        return this.changeXBy(value);
      case LedSpriteProperty.Y:
        return this.changeYBy(value);
      case LedSpriteProperty.Direction:
        return this.changeDirectionBy(value);
      case LedSpriteProperty.Brightness:
        return this.changeBrightnessBy(value);
      case LedSpriteProperty.Blink:
        return this.changeBlinkBy(value);
      default:
        return undefined;
    }
  }

  get(property: number): number {
    switch (Number(property)) {
      case LedSpriteProperty.X:
        return this.px;
      case LedSpriteProperty.Y:
        return this.py;
      case LedSpriteProperty.Direction:
        return this.dir;
      case LedSpriteProperty.Brightness:
        return this.level;
      case LedSpriteProperty.Blink:
        return this.blinkMs;
      default:
        return 0;
    }
  }

  /** Points the sprite at `degrees`, rounded down to a multiple of 45 and kept in (-180, 180]. */
  setDirection(degrees: number): void {
    let dir = (Math.floor((Number(degrees) || 0) / 45) % 8) * 45;
    if (dir <= -180) dir += 360;
    else if (dir > 180) dir -= 360;
    this.dir = dir;
    this.host.plot();
  }

  x(): number {
    return this.px;
  }

  y(): number {
    return this.py;
  }

  direction(): number {
    return this.dir;
  }

  setX(x: number): void {
    this.goTo(x, this.py);
  }

  setY(y: number): void {
    this.goTo(this.px, y);
  }

  changeXBy(x: number): void {
    this.goTo(this.px + (Number(x) || 0), this.py);
  }

  changeYBy(y: number): void {
    this.goTo(this.px, this.py + (Number(y) || 0));
  }

  /** Both sprites are in the game and on the same LED. */
  isTouching(other: LedSprite): boolean {
    return this.enabled && other.enabled && this.px === other.px && this.py === other.py;
  }

  isTouchingEdge(): boolean {
    return this.enabled && (this.px === 0 || this.px === 4 || this.py === 0 || this.py === 4);
  }

  on(): void {
    this.setBrightness(255);
  }

  off(): void {
    this.setBrightness(0);
  }

  setBrightness(brightness: number): void {
    this.level = clamp(0, 255, brightness);
    this.host.plot();
  }

  brightness(): number {
    return this.level;
  }

  changeBrightnessBy(value: number): void {
    this.setBrightness(this.level + (Number(value) || 0));
  }

  changeDirectionBy(angle: number): void {
    this.turnRight(angle);
  }

  /** Takes the sprite out of the game: it is no longer drawn and touches nothing. */
  delete(): void {
    this.enabled = false;
    if (this.host.remove(this)) this.host.plot();
  }

  isDeleted(): boolean {
    return !this.enabled;
  }

  /** Blinks with `ms` milliseconds on and `ms` off (0: no blinking). */
  setBlink(ms: number): void {
    this.blinkMs = clamp(0, 10000, ms);
  }

  changeBlinkBy(ms: number): void {
    this.setBlink(this.blinkMs + (Number(ms) || 0));
  }

  blink(): number {
    return this.blinkMs;
  }

  /** Adds the sprite's light to `set(x, y, level)` at time `now` (ms), unless blinked off. */
  draw(now: number, add: (x: number, y: number, level: number) => void): void {
    if (this.level <= 0) return;
    if (this.blinkMs > 0 && Math.floor(now / this.blinkMs) % 2 !== 0) return;
    add(this.px, this.py, this.level);
  }
}
