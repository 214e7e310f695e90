import { describe, expect, it } from 'vitest';
import { microbitLibraryFiles } from '../generated/api-library.ts';
import { GESTURE_EVENT_SOURCE, Gesture } from '../state/gesture-detector.ts';
import { LOGO_ID } from '../state/touch-sensors.ts';
import { start } from '../test/programs.ts';
import { eventHandlerName, gestureHandlerName, logoHandlerName } from './handler-names.ts';

/** The members of `declare const enum <name>` in the API: value and its `//% block=` words. */
function enumMembers(file: string, name: string): { member: string; value: number; words?: string }[] {
  const text = microbitLibraryFiles.find((f) => f.name === `microbit/${file}`)!.text;
  const body = new RegExp(`declare const enum ${name} \\{([^}]*)\\}`).exec(text)![1]!;
  const members: { member: string; value: number; words?: string }[] = [];
  let words: string | undefined;
  for (const line of body.split('\n').map((l) => l.trim())) {
    const block = /^\/\/% block=(?:"([^"]*)"|(\S+))/.exec(line);
    if (block) words = block[1] ?? block[2];
    const member = /^(\w+) = (\d+),$/.exec(line);
    if (member) {
      members.push({ member: member[1]!, value: Number(member[2]), ...(words ? { words } : {}) });
      words = undefined;
    }
  }
  return members;
}

describe('handler names', () => {
  it('names every gesture handler by its block words from input.d.ts', () => {
    const gestures = enumMembers('input.d.ts', 'Gesture');
    expect(gestures).toHaveLength(11);
    for (const { value, words } of gestures) expect(gestureHandlerName(value).text).toBe(`on ${words}`);
    expect(gestureHandlerName(Gesture.Shake).text).toBe('on shake');
    expect(gestureHandlerName(99).text).toBe('on gesture 99');
  });

  it('names every logo handler by its block words from input.d.ts', () => {
    const actions = enumMembers('input.d.ts', 'TouchButtonEvent');
    expect(actions).toHaveLength(4);
    for (const { value, words } of actions) expect(logoHandlerName(value).text).toBe(`on logo ${words}`);
    expect(logoHandlerName(3).text).toBe('on logo pressed');
  });

  it('names event handlers by the EventBusSource members of control.d.ts', () => {
    const sources = enumMembers('control.d.ts', 'EventBusSource');
    expect(sources.length).toBeGreaterThan(20);
    for (const { member, value } of sources)
      expect(eventHandlerName(value, 1).text).toBe(`on event from ${member} with value 1`);
    expect(eventHandlerName(1, 'any').text).toBe('on event from MICROBIT_ID_BUTTON_A with value any');
    expect(eventHandlerName(4242, 7).text).toBe('on event from 4242 with value 7');
  });

  it('gives the running handler fibers these names', () => {
    const run = start(`input.onGesture(Gesture.Shake, () => basic.pause(10000))
input.onLogoEvent(TouchButtonEvent.LongPressed, () => basic.pause(10000))
control.onEvent(EventBusSource.MICROBIT_ID_IO_P1, EventBusValue.MICROBIT_EVT_ANY, () => basic.pause(10000))`);
    run.advance(10);
    run.board.raise(GESTURE_EVENT_SOURCE, Gesture.Shake);
    run.board.raise(LOGO_ID, 4);
    run.board.raise(101, 2);
    run.advance(10);
    expect(run.errors).toEqual([]);
    expect(run.board.runtime.scheduler.fibers.map((f) => f.name).sort()).toEqual([
      'on event from MICROBIT_ID_IO_P1 with value any',
      'on logo long pressed',
      'on shake',
    ]);
  });
});
