// The runtime side of `pins`: what the program does with the edge connector is kept in the
// board's Pins (mode, output, pull, events) for the simulator to show; what it reads comes from
// the levels applied from outside (PinInputs). Nothing is attached to i2c or SPI: reads give
// zeros and i2c writes report the device's "no answer" error, as on a bare board.
import { RtBuffer, type Waiting, mapRange, sizeOfFormat } from '@blockyard/runtime';
import { PIN_EVENT } from '../state/pin-inputs.ts';
import { PIN_ID_BASE, type PinEventMode, type PinState } from '../state/pins.ts';
import { firstOf } from './first-of.ts';
import { type NamespaceModule, toInt } from './namespace-module.ts';

/** MICROBIT_I2C_ERROR: what an i2c write returns when no device answers. */
export const I2C_ERROR = -1010;
/** PinPullMode: PullDown = 0, PullUp = 1, PullNone = 2. */
const PULLS = ['down', 'up', 'none'] as const;
/** PinEventType values (Edge = 2, Pulse = 3, Touch = 4, None = 0). */
const EVENT_TYPES: Readonly<Record<number, PinEventMode>> = { 0: 'none', 2: 'edge', 3: 'pulse', 4: 'touch' };

export const pinsModule: NamespaceModule = {
  names: ['pins'],
  create(board) {
    const pinOf = (name: unknown): PinState | undefined => board.pins.get(toInt(name));
    const setEvents = (name: number, mode: PinEventMode): void => {
      const pin = pinOf(name);
      if (!pin) return;
      pin.events = mode;
      board.pinInputs.mark(toInt(name));
    };
    const analogWrite = (name: number, value: number, mode: 'analog-out' | 'servo'): void => {
      const pin = pinOf(name);
      if (!pin) return;
      pin.mode = mode;
      pin.output =
        mode === 'servo' ? Math.max(0, Math.min(180, toInt(value))) : Math.max(0, Math.min(1023, toInt(value)));
    };
    return {
      pins: {
        digitalReadPin(name: number): number {
          const pin = pinOf(name);
          if (!pin) return 0;
          if (pin.mode !== 'touch') pin.mode = 'digital-in';
          return board.pins.digitalRead(toInt(name));
        },
        digitalWritePin(name: number, value: number): void {
          const pin = pinOf(name);
          if (!pin) return;
          pin.mode = 'digital-out';
          pin.output = toInt(value) === 0 ? 0 : 1;
        },
        analogReadPin(name: number): number {
          const pin = pinOf(name);
          if (!pin) return 0;
          pin.mode = 'analog-in';
          return board.pins.analogRead(toInt(name));
        },
        analogWritePin(name: number, value: number): void {
          analogWrite(name, value, 'analog-out');
        },
        analogSetPeriod(name: number, micros: number): void {
          const pin = pinOf(name);
          // As on the device, only a pin already writing analog levels takes a period.
          if (pin?.mode === 'analog-out' && toInt(micros) > 0) pin.periodUs = toInt(micros);
        },
        onPulsed(name: number, pulse: number, body: () => unknown): void {
          const value = toInt(pulse);
          if (!pinOf(name) || typeof body !== 'function') return;
          if (value !== PIN_EVENT.PULSE_HI && value !== PIN_EVENT.PULSE_LO) return;
          setEvents(name, 'pulse');
          board.runtime.bus.listen(toInt(name), value, body, `on pin ${toInt(name) - PIN_ID_BASE} pulsed`);
        },
        pulseDuration(): number {
          const event = board.runtime.bus.lastEvent;
          if (!event) return 0;
          for (let i = board.pinInputs.pulses.length - 1; i >= 0; i--) {
            const pulse = board.pinInputs.pulses[i]!;
            if (pulse.source === event.source && pulse.value === event.value && pulse.time <= event.timestamp) {
              return pulse.durationUs;
            }
          }
          return 0;
        },
        *pulseIn(name: number, value: number, maxDuration?: number): Waiting<number> {
          const id = toInt(name);
          if (!pinOf(id)) return 0;
          const level = toInt(value) === PIN_EVENT.PULSE_HI ? 1 : 0;
          const limitMs = toInt(maxDuration, 2_000_000) / 1000;
          const deadline = board.clock.now() + limitMs;
          // Wait for the pulse to begin, then for it to end, all within maxDuration.
          while (board.pins.digitalRead(id) !== level) {
            if (board.clock.now() >= deadline) return 0;
            yield firstOf(board, board.pinInputs.changed.wait(), deadline - board.clock.now());
          }
          const start = board.clock.now();
          while (board.pins.digitalRead(id) === level) {
            if (board.clock.now() >= deadline) return 0;
            yield firstOf(board, board.pinInputs.changed.wait(), deadline - board.clock.now());
          }
          return Math.round((board.clock.now() - start) * 1000);
        },
        servoWritePin(name: number, value: number): void {
          analogWrite(name, value, 'servo');
        },
        servoSetContinuous(_name: number, _value: boolean): void {
          // Only changes how the simulator draws the servo; nothing to record headless.
        },
        servoSetPulse(name: number, micros: number): void {
          const pin = pinOf(name);
          if (!pin) return;
          pin.mode = 'servo';
          pin.periodUs = 20000;
          // The angle a standard servo takes for this pulse: 1000 µs is 0°, 2000 µs is 180°.
          pin.output = Math.max(0, Math.min(180, Math.round(((toInt(micros) - 1000) * 180) / 1000)));
        },
        analogSetPitchPin(name: number): void {
          if (pinOf(name)) board.pitch.pin = toInt(name);
        },
        analogSetPitchVolume(volume: number): void {
          board.pitch.volume = Math.max(0, Math.min(255, toInt(volume)));
        },
        analogPitchVolume(): number {
          return board.pitch.volume;
        },
        *analogPitch(frequency: number, ms: number): Waiting {
          const duration = toInt(ms);
          const hz = board.pitch.volume === 0 ? 0 : Number(frequency);
          // The speaker plays and records it (source 'pitch'); the pin shows the square wave.
          board.speaker.playTone(hz, duration > 0 ? duration : 0, 'pitch');
          const pin = board.pins.get(board.pitch.pin);
          if (pin) {
            pin.mode = 'analog-out';
            pin.output = hz > 0 ? 1 << (board.pitch.volume >> 5) : 0;
            if (hz > 0) pin.periodUs = Math.round(1_000_000 / hz);
          }
          if (duration <= 0) return;
          yield duration;
          if (pin) pin.output = 0;
        },
        setPull(name: number, pull: number): void {
          const pin = pinOf(name);
          const mode = PULLS[toInt(pull)];
          if (!pin || !mode) return;
          board.pinInputs.update(toInt(name), () => {
            pin.pull = mode;
          });
        },
        setEvents(name: number, type: number): void {
          const mode = EVENT_TYPES[toInt(type)];
          if (mode) setEvents(name, mode);
        },
        setAudioPin(name: number): void {
          if (pinOf(name)) board.pitch.pin = toInt(name);
        },
        setAudioPinEnabled(enabled: boolean): void {
          board.pitch.pinEnabled = !!enabled;
        },
        // A pin kept as a value is its number already (the blocks pick it from DigitalPin/AnalogPin).
        _digitalPin(pin: number): number {
          return pin;
        },
        _analogPin(pin: number): number {
          return pin;
        },
        // The pins blocks' pin shadows (never written as calls by the blocks, but declared).
        _digitalPinShadow(pin: number): number {
          return pin;
        },
        _analogPinShadow(pin: number): number {
          return pin;
        },
        _analogReadWritePinShadow(pin: number): number {
          return pin;
        },
        map(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number {
          return mapRange(value, fromLow, fromHigh, toLow, toHigh);
        },
        createBuffer(size: number): RtBuffer {
          return board.runtime.createBuffer(toInt(size));
        },
        sizeOf(format: number): number {
          return sizeOfFormat(toInt(format));
        },
        i2cReadBuffer(_address: number, size: number, _repeat?: boolean): RtBuffer {
          return board.runtime.createBuffer(toInt(size));
        },
        i2cWriteBuffer(_address: number, _buf: RtBuffer, _repeat?: boolean): number {
          return I2C_ERROR;
        },
        i2cReadNumber(_address: number, format: number, _repeated?: boolean): number {
          return RtBuffer.create(sizeOfFormat(toInt(format))).getNumber(toInt(format), 0);
        },
        i2cWriteNumber(_address: number, value: number, format: number, _repeated?: boolean): void {
          // Checks the format as the device does when it packs the number; nobody receives it.
          RtBuffer.create(sizeOfFormat(toInt(format))).setNumber(toInt(format), 0, value);
        },
        spiWrite(_value: number): number {
          return 0;
        },
        spiTransfer(command: RtBuffer | null, response: RtBuffer | null): void {
          response?.fill(0);
          void command;
        },
        spiFrequency(_frequency: number): void {},
        spiFormat(_bits: number, _mode: number): void {},
        spiPins(_mosi: number, _miso: number, _sck: number): void {},
        pushButton(pin: number): void {
          const state = pinOf(pin);
          if (!state) return;
          board.pinInputs.update(toInt(pin), () => {
            state.pushButton = true;
            state.pull = 'up';
          });
        },
        touchSetMode(_name: number, _mode: number): void {
          // Both touch modes sense the simulator's touches alike.
        },
      },
    };
  },
};
