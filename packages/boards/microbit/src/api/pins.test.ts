import { describe, expect, it } from 'vitest';
import { I2C_ERROR } from './pins.ts';
import { run, start } from '../test/programs.ts';

const text = (lines: string[]) => lines.map((l) => l.slice(l.indexOf(' ') + 1));

describe('pins: digital and analog', () => {
  it('writes digital and analog levels the simulator can show', () => {
    const t = start(`pins.digitalWritePin(DigitalPin.P0, 1)
pins.digitalWritePin(DigitalPin.P1, 5)
pins.digitalWritePin(DigitalPin.P2, 0)
pins.analogWritePin(AnalogPin.P3, 512)
pins.analogWritePin(AnalogPin.P4, 5000)
pins.analogSetPeriod(AnalogPin.P3, 1000)
pins.analogSetPeriod(AnalogPin.P0, 1000)`);
    t.advance(0);
    const pin = (n: number) => t.board.pins.get(n)!;
    expect([pin(0).mode, pin(0).output, pin(1).output, pin(2).output]).toEqual(['digital-out', 1, 1, 0]);
    expect([pin(3).mode, pin(3).output, pin(4).output, pin(3).periodUs]).toEqual(['analog-out', 512, 1023, 1000]);
    // A period only applies to a pin writing analog levels.
    expect(pin(0).periodUs).toBe(20000);
  });

  it('reads levels applied from outside, else what the pull resistor gives', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
serial.writeNumbers([pins.digitalReadPin(DigitalPin.P0), pins.analogReadPin(AnalogPin.P1), pins.digitalReadPin(DigitalPin.P2)])
pins.setPull(DigitalPin.P2, PinPullMode.PullUp)
serial.writeNumbers([pins.digitalReadPin(DigitalPin.P2), pins.analogReadPin(AnalogPin.P2)])
basic.pause(200)
serial.writeNumbers([pins.digitalReadPin(DigitalPin.P0), pins.analogReadPin(AnalogPin.P1), pins.digitalReadPin(DigitalPin.P2)])`,
      {
        settings: [
          { key: 'pinP0', value: 1023, at: 100 },
          { key: 'pinP1', value: 300, at: 100 },
          { key: 'pinP2', value: 0, at: 100 },
        ],
      },
    );
    expect(text(result.lines)).toEqual(['0,0,0', '1,1023', '1,300,0']);
  });

  it('takes an AnalogReadWritePin wherever an AnalogPin goes: the same pin numbers', () => {
    const result = run(
      `serial.setWriteLinePadding(0)
basic.pause(200)
serial.writeNumbers([pins.analogReadPin(AnalogReadWritePin.P1), pins.analogReadPin(AnalogPin.P1), pins.analogReadPin(AnalogReadWritePin.P10)])
pins.analogWritePin(AnalogReadWritePin.P2, 700)
serial.writeNumbers([pins.analogReadPin(pins._analogReadWritePinShadow(AnalogReadWritePin.P0))])`,
      { settings: [{ key: 'pinP1', value: 300, at: 100 }] },
    );
    expect(text(result.lines)).toEqual(['300,300,0', '0']);
    const t = start(
      'pins.analogWritePin(AnalogReadWritePin.P2, 700)\npins.analogSetPeriod(AnalogReadWritePin.P2, 500)',
    );
    t.advance(0);
    expect([t.board.pins.get(2)!.mode, t.board.pins.get(2)!.output, t.board.pins.get(2)!.periodUs]).toEqual([
      'analog-out',
      700,
      500,
    ]);
  });

  it('maps numbers between ranges and sizes number formats', () => {
    const result = run(`serial.setWriteLinePadding(0)
serial.writeNumbers([pins.map(512, 0, 1023, 0, 4), pins.map(5, 0, 10, 100, 0), pins.sizeOf(NumberFormat.Int16LE), pins.sizeOf(NumberFormat.Float64BE)])`);
    // 2.0019550342130987 printed with the device's 15 significant digits.
    expect(text(result.lines)).toEqual(['2.0019550342131,50,2,8']);
  });

  it('keeps a pin as a value: its number, which the pins blocks take', () => {
    const t = start(`let pin = pins._digitalPin(DigitalPin.P1)
let level = pins._analogPin(AnalogPin.P2)
pins.digitalWritePin(pin, 1)
pins.analogWritePin(level, 300)`);
    t.advance(0);
    expect([t.board.pins.get(1)!.output, t.board.pins.get(2)!.output]).toEqual([1, 300]);
  });
});

describe('pins: servos and pitch', () => {
  it('turns servos by angle or pulse width', () => {
    const t = start(`pins.servoWritePin(AnalogPin.P0, 90)
pins.servoWritePin(AnalogPin.P1, 400)
pins.servoSetPulse(AnalogPin.P2, 2000)
pins.servoSetContinuous(AnalogPin.P0, true)`);
    t.advance(0);
    const pin = (n: number) => t.board.pins.get(n)!;
    expect([pin(0).mode, pin(0).output, pin(1).output, pin(2).mode, pin(2).output]).toEqual([
      'servo',
      90,
      180,
      'servo',
      180,
    ]);
  });

  it('plays pitches on the pitch pin through the speaker, which records each one', () => {
    const t = start(`pins.analogPitch(440, 300)
serial.writeValue("after", control.millis())
pins.analogSetPitchPin(AnalogPin.P1)
pins.analogSetPitchVolume(128)
serial.writeValue("volume", pins.analogPitchVolume())
pins.analogPitch(880, 0)
basic.pause(100)
pins.setAudioPin(AnalogPin.P2)
pins.setAudioPinEnabled(false)
pins.analogPitch(0, 0)`);
    t.advance(1000);
    // The speaker plays and records them, as tones of source 'pitch'; 880 Hz rang until silenced.
    expect(t.board.speaker.notes).toEqual([
      { frequency: 440, start: 0, duration: 300, source: 'pitch' },
      { frequency: 880, start: 300, duration: 100, source: 'pitch' },
    ]);
    expect(t.board.pins.get(1)!.periodUs).toBe(Math.round(1_000_000 / 880));
    expect(t.board.pitch.pin).toBe(102);
    expect(t.board.pitch.pinEnabled).toBe(false);
    expect(t.batches.join('')).toContain('after:300');
    expect(t.batches.join('')).toContain('volume:128');
    expect(t.board.pins.get(0)!.output).toBe(0);
  });
});

describe('pins: pulses and events', () => {
  it('runs a pulse handler with the pulse length in microseconds', () => {
    const result = run(
      `pins.onPulsed(DigitalPin.P1, PulseValue.High, () => serial.writeValue("high", pins.pulseDuration()))
pins.onPulsed(DigitalPin.P1, PulseValue.Low, () => serial.writeValue("low", pins.pulseDuration()))`,
      {
        settings: [
          { key: 'pinP1', value: 1023, at: 1000 },
          { key: 'pinP1', value: 0, at: 1250 },
          { key: 'pinP1', value: 1023, at: 2000 },
        ],
      },
    );
    expect(result.lines).toEqual(['1000 low:1000000', '1250 high:250000', '2000 low:750000']);
  });

  it('measures a pulse with pulseIn, or gives 0 when none comes in time', () => {
    const result = run(
      `serial.writeValue("pulse", pins.pulseIn(DigitalPin.P0, PulseValue.High))
serial.writeValue("none", pins.pulseIn(DigitalPin.P0, PulseValue.High, 500000))
serial.writeValue("at", control.millis())`,
      {
        settings: [
          { key: 'pinP0', value: 1023, at: 300 },
          { key: 'pinP0', value: 0, at: 312 },
        ],
      },
    );
    expect(result.lines).toEqual(['312 pulse:12000', '812 none:0', '1012 at:812']);
  });

  it('raises edge events for control.onEvent and button events for a mounted push button', () => {
    const result = run(
      `pins.setEvents(DigitalPin.P8, PinEventType.Edge)
control.onEvent(EventBusSource.MICROBIT_ID_IO_P8, EventBusValue.MICROBIT_PIN_EVT_RISE, () => serial.writeValue("rise", control.millis()))
control.onEvent(EventBusSource.MICROBIT_ID_IO_P8, EventBusValue.MICROBIT_PIN_EVT_FALL, () => serial.writeValue("fall", control.millis()))
pins.pushButton(DigitalPin.P5)
control.onEvent(EventBusSource.MICROBIT_ID_IO_P5, EventBusValue.MICROBIT_BUTTON_EVT_CLICK, () => serial.writeValue("click", control.millis()))`,
      {
        settings: [
          { key: 'pinP8', value: 1023, at: 100 },
          { key: 'pinP8', value: 0, at: 400 },
          { key: 'pinP5', value: 0, at: 1000 },
          { key: 'pinP5', value: 1023, at: 1100 },
        ],
      },
    );
    expect(result.lines).toEqual(['100 rise:100', '400 fall:400', '1100 click:1100']);
  });
});

describe('pins: i2c and SPI with nothing attached', () => {
  it('reads zeros, reports failed i2c writes, and answers 0 on SPI', () => {
    const result = run(`serial.setWriteLinePadding(0)
let b = pins.createBuffer(4)
b.fill(9)
let r = pins.i2cReadBuffer(0x40, 3)
serial.writeNumbers([b.getUint8(0), r.length, r.getUint8(0), pins.i2cWriteBuffer(0x40, b)])
pins.i2cWriteNumber(0x40, 300, NumberFormat.UInt16LE)
serial.writeValue("read", pins.i2cReadNumber(0x40, NumberFormat.Int8LE, false))
pins.spiPins(DigitalPin.P15, DigitalPin.P14, DigitalPin.P13)
pins.spiFrequency(1000000)
pins.spiFormat(8, 3)
let response = pins.createBuffer(2)
response.fill(7)
pins.spiTransfer(b, response)
serial.writeNumbers([pins.spiWrite(0x55), response.getUint8(0)])
pins.touchSetMode(TouchTarget.LOGO, TouchTargetMode.Capacitive)`);
    expect(text(result.lines)).toEqual([`9,3,0,${I2C_ERROR}`, 'read:0', '0,0']);
    expect(result.error).toBeUndefined();
  });

  it('stops with "bad format" for a number format that does not exist', () => {
    const result = run('serial.writeValue("x", pins.i2cReadNumber(8, 99 as NumberFormat))');
    expect(result.error?.describe()).toBe('bad format at line 1');
  });
});
