import { describe, expect, it } from 'vitest';
import { LedSprite, LedSpriteProperty } from './led-sprite.ts';

function sprite(x: number, y: number) {
  let plots = 0;
  const removed: LedSprite[] = [];
  const host = {
    plot: () => void plots++,
    remove: (s: LedSprite) => (removed.push(s), true),
  };
  const s = new LedSprite(host, x, y);
  return { s, plots: () => plots, removed };
}

describe('LedSprite', () => {
  it('starts pointing right, clamped to the screen, and moves in its direction up to the edge', () => {
    const { s, plots } = sprite(7, -2);
    expect([s.x(), s.y(), s.direction(), s.brightness(), s.blink()]).toEqual([4, 0, 90, 255, 0]);
    s.goTo(1, 1);
    s.move(2);
    expect([s.x(), s.y()]).toEqual([3, 1]);
    s.move(5);
    expect(s.x()).toBe(4);
    s.setDirection(135);
    s.goTo(0, 0);
    s.move(1);
    expect([s.x(), s.y()]).toEqual([1, 1]);
    s.setDirection(-135);
    s.move(1);
    expect([s.x(), s.y()]).toEqual([0, 2]);
    expect(plots()).toBeGreaterThan(4);
  });

  it('turns in steps of 45 degrees, kept between -180 and 180', () => {
    const { s } = sprite(2, 2);
    s.turn(0, 90);
    expect(s.direction()).toBe(180);
    s.turn(0, 45);
    expect(s.direction()).toBe(-135);
    s.turn(1, 90);
    expect(s.direction()).toBe(135);
    s.setDirection(100);
    expect(s.direction()).toBe(90);
    s.setDirection(-90);
    expect(s.direction()).toBe(-90);
    s.turnLeft(90);
    expect(s.direction()).toBe(180);
    s.turnRight(180);
    expect(s.direction()).toBe(0);
    s.changeDirectionBy(45);
    expect(s.direction()).toBe(45);
  });

  it('bounces off edges and corners as the device does', () => {
    const cases: [number, number, number, number][] = [
      // x, y, direction before, direction after
      [2, 0, 0, 180],
      [4, 2, 90, -90],
      [2, 4, 180, 0],
      [0, 2, -90, 90],
      [4, 2, 45, -45],
      [2, 0, 45, 135],
      [0, 0, 45, -135],
      [4, 4, 135, -45],
      [2, 4, 135, 45],
      [4, 2, 135, -135],
      [0, 0, -45, 135],
      [2, 0, -45, -135],
      [0, 2, -45, 45],
      [0, 4, -135, 45],
      [2, 4, -135, -45],
      [0, 2, -135, 135],
      [2, 2, 90, 90],
    ];
    for (const [x, y, before, after] of cases) {
      const { s } = sprite(x, y);
      s.setDirection(before);
      s.ifOnEdgeBounce();
      expect(s.direction(), `${x},${y} heading ${before}`).toBe(after);
    }
  });

  it('gets, sets and changes each property', () => {
    const { s } = sprite(0, 0);
    s.set(LedSpriteProperty.X, 3);
    s.set(LedSpriteProperty.Y, 9);
    s.set(LedSpriteProperty.Direction, 45);
    s.set(LedSpriteProperty.Brightness, 100);
    s.set(LedSpriteProperty.Blink, 20000);
    expect([0, 1, 2, 3, 4].map((p) => s.get(p))).toEqual([3, 4, 45, 100, 10000]);
    s.change(LedSpriteProperty.X, -1);
    s.change(LedSpriteProperty.Y, -2);
    s.change(LedSpriteProperty.Direction, 90);
    s.change(LedSpriteProperty.Brightness, 500);
    s.change(LedSpriteProperty.Blink, -9000);
    expect([0, 1, 2, 3, 4].map((p) => s.get(p))).toEqual([2, 2, 135, 255, 1000]);
    s.setY(0);
    s.changeYBy(3);
    s.changeBrightnessBy(-55);
    s.changeBlinkBy(500);
    expect([s.y(), s.brightness(), s.blink()]).toEqual([3, 200, 1500]);
    s.off();
    expect(s.brightness()).toBe(0);
    s.on();
    expect(s.brightness()).toBe(255);
    expect(s.get(99)).toBe(0);
  });

  it('touches another sprite on the same LED and the edges, until deleted', () => {
    const { s: a } = sprite(0, 2);
    const { s: b, removed } = sprite(0, 2);
    expect(a.isTouching(b)).toBe(true);
    expect(a.isTouchingEdge()).toBe(true);
    a.changeXBy(1);
    expect(a.isTouching(b)).toBe(false);
    expect(a.isTouchingEdge()).toBe(false);
    b.setX(1);
    expect(a.isTouching(b)).toBe(true);
    b.delete();
    expect([b.isDeleted(), a.isTouching(b), b.isTouching(a), b.isTouchingEdge()]).toEqual([true, false, false, false]);
    expect(removed).toEqual([b]);
  });

  it('draws itself unless off or blinked off', () => {
    const { s } = sprite(1, 3);
    const drawn: string[] = [];
    const add = (x: number, y: number, level: number) => drawn.push(`${x},${y},${level}`);
    s.draw(0, add);
    s.setBlink(100);
    s.draw(150, add);
    s.draw(250, add);
    s.setBrightness(0);
    s.draw(0, add);
    expect(drawn).toEqual(['1,3,255', '1,3,255']);
  });
});
