import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { Board, boardStateKeys, checkBoardState, gestureNames } from './board.ts';

describe('board state from outside', () => {
  it('names every sensor, the gesture, touches and pin levels', () => {
    expect(boardStateKeys.slice(0, 4)).toEqual(['lightLevel', 'compassHeading', 'temperature', 'soundLevel']);
    for (const key of ['accelerationX', 'magneticForceZ', 'gesture', 'touchP0', 'touchLogo', 'pinP0', 'pinP20']) {
      expect(boardStateKeys).toContain(key);
    }
    expect(boardStateKeys).not.toContain('pinP17');
    expect(gestureNames.shake).toBe(11);
    expect(gestureNames['3g']).toBe(8);
  });

  it('refuses unknown names, non-numbers and unknown gestures with a clear message', () => {
    expect(() => checkBoardState('colour', 1)).toThrow(/Unknown board state "colour". Valid names: lightLevel/);
    expect(() => checkBoardState('lightLevel', NaN)).toThrow('The value for lightLevel must be a number.');
    expect(() => checkBoardState('gesture', 42)).toThrow(/There is no gesture 42.*shake, logoUp/);
    expect(checkBoardState('pinP3', 500)).toBe('pinP3');
  });

  it('sets each kind of state on a board', () => {
    const board = new Board({ clock: new ManualClock() });
    board.setState('temperature', 35);
    board.setState('accelerationX', 9000);
    board.setState('touchP2', 1);
    board.setState('touchLogo', 1);
    board.setState('pinP12', 700);
    board.setState('gesture', gestureNames.logoDown!);
    expect(board.sensors.values.temperature).toBe(35);
    expect(board.pins.get(2)!.touched).toBe(true);
    expect(board.touch.isTouched(121)).toBe(true);
    expect(board.pins.digitalRead(112)).toBe(1);
    expect(board.gesture).toBe(2);
    expect([board.sensors.values.accelerationX, board.sensors.values.accelerationY]).toEqual([0, 1023]);
    board.setState('touchLogo', 0);
    expect(board.touch.isTouched(121)).toBe(false);
  });
});
