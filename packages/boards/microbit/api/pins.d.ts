// The `pins` namespace: the edge connector — digital and analog reads and writes, servos,
// pulses, pitch, touch modes, and i2c/SPI (nothing is attached in the simulator).

/**
 * The pins that can be read and written as 0 or 1.
 */
declare const enum DigitalPin {
  //% blockIdentity=pins._digitalPin
  P0 = 100,
  //% blockIdentity=pins._digitalPin
  P1 = 101,
  //% blockIdentity=pins._digitalPin
  P2 = 102,
  //% blockIdentity=pins._digitalPin
  P3 = 103,
  //% blockIdentity=pins._digitalPin
  P4 = 104,
  //% blockIdentity=pins._digitalPin
  P5 = 105,
  //% blockIdentity=pins._digitalPin
  P6 = 106,
  //% blockIdentity=pins._digitalPin
  P7 = 107,
  //% blockIdentity=pins._digitalPin
  P8 = 108,
  //% blockIdentity=pins._digitalPin
  P9 = 109,
  //% blockIdentity=pins._digitalPin
  P10 = 110,
  //% blockIdentity=pins._digitalPin
  P11 = 111,
  //% blockIdentity=pins._digitalPin
  P12 = 112,
  //% blockIdentity=pins._digitalPin
  P13 = 113,
  //% blockIdentity=pins._digitalPin
  P14 = 114,
  //% blockIdentity=pins._digitalPin
  P15 = 115,
  //% blockIdentity=pins._digitalPin
  P16 = 116,
  //% blockIdentity=pins._digitalPin
  //% blockHidden=1
  P19 = 119,
  //% blockIdentity=pins._digitalPin
  //% blockHidden=1
  P20 = 120,
}

/**
 * The pins that can be written as a level from 0 to 1023 (and read, for P0-P4 and P10).
 */
declare const enum AnalogPin {
  //% blockIdentity=pins._analogPin
  P0 = 100,
  //% blockIdentity=pins._analogPin
  P1 = 101,
  //% blockIdentity=pins._analogPin
  P2 = 102,
  //% blockIdentity=pins._analogPin
  P3 = 103,
  //% blockIdentity=pins._analogPin
  P4 = 104,
  //% blockIdentity=pins._analogPin
  P10 = 110,
  //% blockIdentity=pins._analogPin
  //% block="P5 (write only)"
  P5 = 105,
  //% blockIdentity=pins._analogPin
  //% block="P6 (write only)"
  P6 = 106,
  //% blockIdentity=pins._analogPin
  //% block="P7 (write only)"
  P7 = 107,
  //% blockIdentity=pins._analogPin
  //% block="P8 (write only)"
  P8 = 108,
  //% blockIdentity=pins._analogPin
  //% block="P9 (write only)"
  P9 = 109,
  //% blockIdentity=pins._analogPin
  //% block="P11 (write only)"
  P11 = 111,
  //% blockIdentity=pins._analogPin
  //% block="P12 (write only)"
  P12 = 112,
  //% blockIdentity=pins._analogPin
  //% block="P13 (write only)"
  P13 = 113,
  //% blockIdentity=pins._analogPin
  //% block="P14 (write only)"
  P14 = 114,
  //% blockIdentity=pins._analogPin
  //% block="P15 (write only)"
  P15 = 115,
  //% blockIdentity=pins._analogPin
  //% block="P16 (write only)"
  P16 = 116,
  //% blockIdentity=pins._analogPin
  //% block="P19 (write only)"
  //% blockHidden=1
  P19 = 119,
  //% blockIdentity=pins._analogPin
  //% block="P20 (write only)"
  //% blockHidden=1
  P20 = 120,
}

/**
 * The pins that can be both read and written as a level from 0 to 1023 (MakeCode 9's choice for
 * `analog read pin`). The same numbers as AnalogPin, so either names a pin.
 */
declare const enum AnalogReadWritePin {
  //% blockIdentity=pins._analogReadWritePinShadow
  P0 = 100,
  //% blockIdentity=pins._analogReadWritePinShadow
  P1 = 101,
  //% blockIdentity=pins._analogReadWritePinShadow
  P2 = 102,
  //% blockIdentity=pins._analogReadWritePinShadow
  P3 = 103,
  //% blockIdentity=pins._analogReadWritePinShadow
  P4 = 104,
  //% blockIdentity=pins._analogReadWritePinShadow
  P10 = 110,
}

/**
 * Which level a pulse is at.
 */
declare const enum PulseValue {
  //% block=high
  High = 4,
  //% block=low
  Low = 5,
}

/**
 * The resistor that decides what an unconnected input reads.
 */
declare const enum PinPullMode {
  //% block="down"
  PullDown = 0,
  //% block="up"
  PullUp = 1,
  //% block="none"
  PullNone = 2,
}

/**
 * Which events a pin raises (see control.onEvent).
 */
declare const enum PinEventType {
  //% block="edge"
  Edge = 2,
  //% block="pulse"
  Pulse = 3,
  //% block="touch"
  Touch = 4,
  //% block="none"
  None = 0,
}

/**
 * How a pin or the logo senses a touch.
 */
declare const enum TouchTargetMode {
  //% block="capacitive"
  Capacitive = 1,
  //% block="resistive"
  Resistive = 0,
}

/**
 * The parts of the board that sense touch.
 */
declare const enum TouchTarget {
  //% block="P0"
  P0 = 100,
  //% block="P1"
  P1 = 101,
  //% block="P2"
  P2 = 102,
  //% block="logo"
  LOGO = 121,
}

/**
 * Control the pins of the edge connector: digital and analog signals, servos, pulses, i2c, SPI.
 */
//% color=#A80000 weight=30 icon="\uf140"
//% advanced=true
//% groups=["Pins","Pulse","Servo","i2c","SPI"]
declare namespace pins {
  /**
   * A digital pin as a number, to keep in a variable or pass on.
   * @param pin the pin, eg: DigitalPin.P0
   */
  //% help=pins/digital-pin shim=TD_ID
  //% blockId=digital_pin block="digital pin $pin"
  //% pin.fieldEditor="gridpicker" pin.fieldOptions.columns=4
  //% pin.fieldOptions.tooltips="false"
  //% group="Pins" weight=17 blockGap=8 advanced=true
  function _digitalPin(pin: DigitalPin): number;

  /**
   * An analog pin as a number, to keep in a variable or pass on.
   * @param pin the pin, eg: AnalogPin.P0
   */
  //% help=pins/analog-pin shim=TD_ID
  //% blockId=analog_pin block="analog pin $pin"
  //% pin.fieldEditor="gridpicker" pin.fieldOptions.columns=4
  //% pin.fieldOptions.tooltips="false"
  //% group="Pins" weight=16 blockGap=8 advanced=true
  function _analogPin(pin: AnalogPin): number;

  // The pin shadows of the pins blocks' pin inputs (MakeCode's block ids): a pin picker that a
  // pin block or a variable can cover.
  /**
   * A digital pin, picked from a grid (the shadow of a pin input).
   * @param pin the pin, eg: DigitalPin.P0
   */
  //% blockId=digital_pin_shadow block="$pin" shim=TD_ID help=none
  //% pin.fieldEditor="gridpicker" pin.fieldOptions.columns=4
  //% pin.fieldOptions.tooltips="false" blockHidden=1
  function _digitalPinShadow(pin: DigitalPin): number;

  /**
   * An analog pin, picked from a grid (the shadow of a pin input).
   * @param pin the pin, eg: AnalogPin.P0
   */
  //% blockId=analog_pin_shadow block="$pin" shim=TD_ID help=none
  //% pin.fieldEditor="gridpicker" pin.fieldOptions.columns=4
  //% pin.fieldOptions.tooltips="false" blockHidden=1
  function _analogPinShadow(pin: AnalogPin): number;

  /**
   * A pin that can be read and written as analog, picked from a grid (the shadow of
   * `analog read pin`).
   * @param pin the pin, eg: AnalogReadWritePin.P0
   */
  //% blockId=analog_read_write_pin_shadow block="$pin" shim=TD_ID help=none
  //% pin.fieldEditor="gridpicker" pin.fieldOptions.columns=4
  //% pin.fieldOptions.tooltips="false" blockHidden=1
  function _analogReadWritePinShadow(pin: AnalogReadWritePin): number;

  /**
   * Reads a pin as 0 or 1.
   * @param name the pin, eg: DigitalPin.P0
   */
  //% help=pins/digital-read-pin weight=30
  //% blockId=device_get_digital_pin block="digital read|pin %name" blockGap=8
  //% name.shadow=digital_pin_shadow
  function digitalReadPin(name: number): number;

  /**
   * Sets a pin to 0 or 1.
   * @param name the pin, eg: DigitalPin.P0
   * @param value 0 or 1, eg: 1, 0
   */
  //% help=pins/digital-write-pin weight=29
  //% blockId=device_set_digital_pin block="digital write|pin %name|to %value"
  //% value.min=0 value.max=1
  //% name.shadow=digital_pin_shadow
  function digitalWritePin(name: number, value: number): void;

  /**
   * Reads a pin as a level from 0 to 1023.
   * @param name the pin (AnalogPin and AnalogReadWritePin both name one), eg: AnalogReadWritePin.P0
   */
  //% help=pins/analog-read-pin weight=25
  //% blockId=device_get_analog_pin block="analog read|pin %name" blockGap="8"
  //% name.shadow=analog_read_write_pin_shadow
  function analogReadPin(name: number): number;

  /**
   * Sets a pin to a level from 0 to 1023 (a quickly switching signal, PWM).
   * @param name the pin, eg: AnalogPin.P0
   * @param value the level, from 0 to 1023, eg: 1023, 0
   */
  //% help=pins/analog-write-pin weight=24
  //% blockId=device_set_analog_pin block="analog write|pin %name|to %value" blockGap=8
  //% value.min=0 value.max=1023
  //% name.shadow=analog_pin_shadow
  function analogWritePin(name: number, value: number): void;

  /**
   * Sets how long one cycle of an analog output lasts, in microseconds.
   * @param name the pin, eg: AnalogPin.P0
   * @param micros the period, eg: 20000
   */
  //% help=pins/analog-set-period weight=23 blockGap=8
  //% blockId=device_set_analog_period block="analog set period|pin %pin|to (µs)%micros"
  //% pin.shadow=analog_pin_shadow
  function analogSetPeriod(name: number, micros: number): void;

  /**
   * Runs code when a pin has been high (or low) and changes back: a pulse.
   * @param name the pin, eg: DigitalPin.P0
   * @param pulse the level of the pulse, eg: PulseValue.High
   * @param body the code to run
   */
  //% help=pins/on-pulsed advanced=true
  //% blockId=pins_on_pulsed block="on|pin %pin|pulsed %pulse"
  //% pin.fieldEditor="gridpicker" pin.fieldOptions.columns=4
  //% pin.fieldOptions.tooltips="false" pin.fieldOptions.width="250"
  //% group="Pulse"
  //% weight=25
  //% blockGap=8
  function onPulsed(name: DigitalPin, pulse: PulseValue, body: () => void): void;

  /**
   * How long the pulse being handled lasted, in microseconds (use it in `on pin pulsed`).
   */
  //% help=pins/pulse-duration advanced=true
  //% blockId=pins_pulse_duration block="pulse duration (µs)"
  //% group="Pulse"
  //% weight=24
  //% blockGap=8
  function pulseDuration(): number;

  /**
   * Waits for a pulse on a pin and returns how long it lasted in microseconds (0 if none came
   * within `maxDuration`).
   * @param name the pin, eg: DigitalPin.P0
   * @param value the level of the pulse, eg: PulseValue.High
   * @param maxDuration the longest wait in microseconds, eg: 2000000
   */
  //% blockId="pins_pulse_in" block="pulse in (µs)|pin %name|pulsed %value"
  //% advanced=true
  //% help=pins/pulse-in
  //% name.shadow=digital_pin_shadow
  //% group="Pulse"
  //% weight=23
  //% blockGap=8
  //% maxDuration.defl=2000000 async
  function pulseIn(name: number, value: PulseValue, maxDuration?: number): number;

  /**
   * Turns a servo: for a standard servo the angle of its arm (0-180 degrees), for a continuous
   * one its speed (0 and 180 full speed either way, about 90 stopped).
   * @param name the pin, eg: AnalogPin.P0
   * @param value the angle or speed, eg: 180, 90, 0
   */
  //% help=pins/servo-write-pin weight=20
  //% blockId=device_set_servo_pin block="servo write|pin %name|to %value" blockGap=8
  //% parts=microservo trackArgs=0
  //% value.min=0 value.max=180
  //% name.shadow=analog_pin_shadow
  //% group="Servo"
  function servoWritePin(name: number, value: number): void;

  /**
   * Says that a continuous rotation servo is connected to the pin.
   * @param name the pin, eg: AnalogPin.P0
   * @param value true for a continuous servo
   */
  //% help=pins/servo-set-continuous
  function servoSetContinuous(name: number, value: boolean): void;

  /**
   * Sends servo pulses of `micros` microseconds on a pin (a 20 ms period).
   * @param name the pin, eg: AnalogPin.P0
   * @param micros the pulse width, eg: 1500
   */
  //% help=pins/servo-set-pulse weight=19
  //% blockId=device_set_servo_pulse block="servo set pulse|pin %value|to (µs) %micros"
  //% value.shadow=analog_pin_shadow
  //% group="Servo"
  function servoSetPulse(name: number, micros: number): void;

  /**
   * Chooses the pin `analog pitch` plays on.
   * @param name the pin, eg: AnalogPin.P0
   */
  //% blockId=device_analog_set_pitch_pin block="analog set pitch pin %name"
  //% help=pins/analog-set-pitch-pin advanced=true
  //% name.shadow=analog_pin_shadow
  //% group="Pins"
  //% weight=12
  //% blockGap=8
  function analogSetPitchPin(name: number): void;

  /**
   * Sets how loud `analog pitch` plays, from 0 to 255.
   * @param volume the volume, eg: 255
   */
  //% blockId=device_analog_set_pitch_volume block="analog set pitch volume $volume"
  //% help=pins/analog-set-pitch-volume weight=3 advanced=true
  //% volume.min=0 volume.max=255
  //% deprecated=true
  function analogSetPitchVolume(volume: number): void;

  /**
   * How loud `analog pitch` plays, from 0 to 255.
   */
  //% blockId=device_analog_pitch_volume block="analog pitch volume"
  //% help=pins/analog-pitch-volume weight=3 advanced=true
  //% deprecated=true
  function analogPitchVolume(): number;

  /**
   * Plays a tone of `frequency` hertz on the pitch pin for `ms` milliseconds (0 or less: until
   * the next pitch).
   * @param frequency the pitch in Hz, eg: 440
   * @param ms how long, eg: 1000
   */
  //% blockId=device_analog_pitch block="analog pitch %frequency|for (ms) %ms"
  //% help=pins/analog-pitch async advanced=true
  //% group="Pins"
  //% weight=14
  //% blockGap=8
  function analogPitch(frequency: number, ms: number): void;

  /**
   * Chooses the resistor that decides what an unconnected input reads.
   * @param name the pin, eg: DigitalPin.P0
   * @param pull up, down or none, eg: PinPullMode.PullUp
   */
  //% help=pins/set-pull advanced=true
  //% blockId=device_set_pull block="set pull|pin %pin|to %pull"
  //% pin.shadow=digital_pin_shadow
  //% group="Pins"
  //% weight=15
  //% blockGap=8
  function setPull(name: number, pull: PinPullMode): void;

  /**
   * Makes a pin raise events when its level changes: edges (rise, fall), pulses, or touches.
   * Listen to them with control.onEvent.
   * @param name the pin, eg: DigitalPin.P0
   * @param type the kind of events, eg: PinEventType.Edge
   */
  //% help=pins/set-events advanced=true
  //% blockId=device_set_pin_events block="set pin %pin|to emit %type|events"
  //% pin.shadow=digital_pin_shadow
  //% group="Pins"
  //% weight=13
  //% blockGap=8
  function setEvents(name: number, type: PinEventType): void;

  /**
   * Chooses the pin sounds and melodies play on (P0 until changed).
   * @param name the pin, eg: DigitalPin.P0
   */
  //% blockId=pin_set_audio_pin block="set audio pin $name"
  //% help=pins/set-audio-pin
  //% name.shadow=digital_pin_shadow
  //% weight=1
  //% blockGap=8
  function setAudioPin(name: number): void;

  /**
   * Whether sounds also play on the audio pin of the edge connector.
   * @param enabled true to play on the pin, eg: true
   */
  //% blockId=pin_set_audio_pin_enabled
  //% block="set audio pin enabled $enabled"
  //% help=pins/set-audio-pin-enabled
  //% weight=0
  function setAudioPinEnabled(enabled: boolean): void;

  /**
   * Maps a number from one range to another: `fromLow` becomes `toLow`, `fromHigh` becomes
   * `toHigh`, and values in between are scaled in proportion.
   * @param value the number to map, eg: 0
   * @param fromLow the low end of its range, eg: 0
   * @param fromHigh the high end of its range, eg: 1023
   * @param toLow the low end of the new range, eg: 0
   * @param toHigh the high end of the new range, eg: 4
   */
  //% help=pins/map weight=23
  //% blockId=pin_map block="map %value|from low %fromLow|from high %fromHigh|to low %toLow|to high %toHigh"
  function map(value: number, fromLow: number, fromHigh: number, toLow: number, toHigh: number): number;

  /**
   * A new buffer of `size` bytes, all 0.
   * @param size how many bytes
   */
  //% help=pins/create-buffer
  function createBuffer(size: number): Buffer;

  /**
   * How many bytes a number takes in `format`.
   * @param format the number format, eg: NumberFormat.Int8LE
   */
  //% help=pins/size-of
  function sizeOf(format: NumberFormat): number;

  /**
   * Reads `size` bytes from the i2c device at 7-bit `address` (all 0 when nothing answers).
   * @param address the device's address
   * @param size how many bytes
   * @param repeat keep the bus for the next transfer
   */
  //% help=pins/i2c-read-buffer repeat.defl=0
  function i2cReadBuffer(address: number, size: number, repeat?: boolean): Buffer;

  /**
   * Writes bytes to the i2c device at 7-bit `address`; 0 when it worked, an error code when
   * nothing answered.
   * @param address the device's address
   * @param buf the bytes
   * @param repeat keep the bus for the next transfer
   */
  //% help=pins/i2c-write-buffer repeat.defl=0
  function i2cWriteBuffer(address: number, buf: Buffer, repeat?: boolean): number;

  /**
   * Reads one number from the i2c device at 7-bit `address`.
   * @param address the device's address, eg: 8
   * @param format the number format, eg: NumberFormat.UInt8LE
   * @param repeated keep the bus for the next transfer, eg: false
   */
  //% help=pins/i2c-read-number blockGap=8 advanced=true
  //% blockId=pins_i2c_readnumber block="i2c read number|at address %address|of format %format|repeated %repeat" weight=7
  //% group="i2c"
  function i2cReadNumber(address: number, format: NumberFormat, repeated?: boolean): number;

  /**
   * Writes one number to the i2c device at 7-bit `address`.
   * @param address the device's address, eg: 8
   * @param value the number, eg: 0
   * @param format the number format, eg: NumberFormat.UInt8LE
   * @param repeated keep the bus for the next transfer, eg: false
   */
  //% help=pins/i2c-write-number blockGap=8 advanced=true
  //% blockId=i2c_writenumber block="i2c write number|at address %address|with value %value|of format %format|repeated %repeat" weight=6
  //% group="i2c"
  function i2cWriteNumber(address: number, value: number, format: NumberFormat, repeated?: boolean): void;

  /**
   * Sends a value to the SPI device and returns its answer (0 when nothing is connected).
   * @param value the value to send
   */
  //% help=pins/spi-write advanced=true
  //% blockId=spi_write block="spi write %value"
  //% group="SPI"
  //% blockGap=8
  //% weight=53
  function spiWrite(value: number): number;

  /**
   * Sends `command` to the SPI device and fills `response` with its answer, byte by byte.
   * @param command the bytes to send (or null)
   * @param response where the answer goes (or null)
   */
  //% help=pins/spi-transfer argsNullable
  function spiTransfer(command: Buffer, response: Buffer): void;

  /**
   * Sets the SPI clock frequency.
   * @param frequency the frequency in Hz, eg: 1000000
   */
  //% help=pins/spi-frequency advanced=true
  //% blockId=spi_frequency block="spi frequency %frequency"
  //% group="SPI"
  //% blockGap=8
  //% weight=55
  function spiFrequency(frequency: number): void;

  /**
   * Sets the SPI word size and mode.
   * @param bits bits per word, eg: 8
   * @param mode the clock mode, 0 to 3, eg: 3
   */
  //% help=pins/spi-format advanced=true
  //% blockId=spi_format block="spi format|bits %bits|mode %mode"
  //% group="SPI"
  //% blockGap=8
  //% weight=54
  function spiFormat(bits: number, mode: number): void;

  /**
   * Chooses the pins of the SPI connection.
   * @param mosi the data-out pin, eg: DigitalPin.P15
   * @param miso the data-in pin, eg: DigitalPin.P14
   * @param sck the clock pin, eg: DigitalPin.P13
   */
  //% help=pins/spi-pins advanced=true
  //% blockId=spi_pins block="spi set pins|MOSI %mosi|MISO %miso|SCK %sck"
  //% mosi.shadow=digital_pin_shadow
  //% miso.shadow=digital_pin_shadow
  //% sck.shadow=digital_pin_shadow
  //% group="SPI"
  //% blockGap=8
  //% weight=51
  function spiPins(mosi: number, miso: number, sck: number): void;

  /**
   * Mounts a push button on a pin: pressing it (pulling the pin low) raises button events
   * from the pin (down, up, click), to handle with control.onEvent.
   * @param pin the pin, eg: DigitalPin.P5
   */
  //% help=pins/push-button advanced=true
  function pushButton(pin: number): void;

  /**
   * Sets how a pin or the logo senses touch (micro:bit V2).
   * @param name what to set, eg: TouchTarget.P0
   * @param mode capacitive or resistive, eg: TouchTargetMode.Capacitive
   */
  //% weight=60
  //% blockId=device_touch_set_type block="set %name to touch mode %mode"
  //% advanced=true
  //% group="micro:bit (V2)"
  //% help=pins/touch-set-mode
  function touchSetMode(name: TouchTarget, mode: TouchTargetMode): void;
}
