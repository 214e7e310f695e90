import { describe, expect, it } from 'vitest';
import { run } from '../test/programs.ts';

describe('control', () => {
  it('runs code in the background next to the main program', () => {
    const result = run(`control.inBackground(function () {
        basic.pause(100)
        serial.writeLine("background")
      })
      serial.writeLine("main")
      basic.pause(300)
      serial.writeValue("millis", control.millis())`);
    expect(result.lines).toEqual(['0 main', '200 background', '400 millis:300']);
  });

  it('stops the program with "PANIC! Code n" at the panic line', () => {
    const result = run('serial.writeLine("before")\ncontrol.panic(42)\nserial.writeLine("after")');
    expect(result.error?.message).toBe('PANIC! Code 42');
    expect(result.error?.describe()).toBe('PANIC! Code 42 at line 2');
    expect(result.lines).toEqual(['0 before']);
  });
});
