import { describe, expect, it } from 'vitest';
import { run } from '../test/programs.ts';

describe('loops.everyInterval', () => {
  it('starts the code every interval, counted from the start of each run', () => {
    const result = run(
      `loops.everyInterval(500, function () {
    serial.writeValue("tick", control.millis())
    basic.pause(100)
})`,
      { timeMs: 1800 },
    );
    expect(result.lines).toEqual(['0 tick:0', '500 tick:500', '1000 tick:1000', '1500 tick:1500']);
  });

  it('runs the next time straight after a run that took longer than the interval', () => {
    const result = run(
      `loops.everyInterval(200, function () {
    serial.writeValue("run", control.millis())
    basic.pause(300)
})`,
      { timeMs: 1000 },
    );
    expect(result.lines).toEqual(['0 run:0', '300 run:300', '600 run:600', '900 run:900']);
  });

  it('runs several timers side by side with the rest of the program', () => {
    const result = run(
      `let fast = 0
let slow = 0
loops.everyInterval(100, () => { fast += 1 })
loops.everyInterval(1000, () => { slow += 1 })
basic.pause(2050)
serial.writeNumbers([fast, slow, loops.__timePicker(500)])`,
      { timeMs: 3000 },
    );
    expect(result.lines).toEqual(['2050 21,3,500']);
  });
});
