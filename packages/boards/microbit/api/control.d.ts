// The `control` namespace: background work, the event bus, reset and the device's identity.

/**
 * How control.raiseEvent creates its event.
 */
declare const enum EventCreationMode {
  /**
   * The event is created and nothing else happens.
   */
  CreateOnly = 0,
  /**
   * The event is created and its handlers run.
   */
  CreateAndFire = 1,
}

/**
 * Event sources (component ids) of the device's event bus.
 */
declare const enum EventBusSource {
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_BUTTON_A = 1,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_BUTTON_B = 2,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_BUTTON_AB = 3,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_RADIO = 9,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_GESTURE = 13,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_ACCELEROMETER = 5,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P0 = 100,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P1 = 101,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P2 = 102,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P3 = 103,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P4 = 104,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P5 = 105,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P6 = 106,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P7 = 107,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P8 = 108,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P9 = 109,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P10 = 110,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P11 = 111,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P12 = 112,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P13 = 113,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P14 = 114,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P15 = 115,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P16 = 116,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P19 = 119,
  //% blockIdentity="control.eventSourceId"
  MICROBIT_ID_IO_P20 = 120,
  //% blockIdentity="control.eventSourceId"
  MES_DEVICE_INFO_ID = 1103,
  //% blockIdentity="control.eventSourceId"
  MES_SIGNAL_STRENGTH_ID = 1101,
  //% blockIdentity="control.eventSourceId"
  MES_DPAD_CONTROLLER_ID = 1104,
  //% blockIdentity="control.eventSourceId"
  MES_BROADCAST_GENERAL_ID = 2000,
}

/**
 * Event values of the device's event bus (the meaning depends on the source).
 */
declare const enum EventBusValue {
  //% blockIdentity="control.eventValueId"
  MICROBIT_EVT_ANY = 0,
  //% blockIdentity="control.eventValueId"
  MICROBIT_BUTTON_EVT_DOWN = 1,
  //% blockIdentity="control.eventValueId"
  MICROBIT_BUTTON_EVT_UP = 2,
  //% blockIdentity="control.eventValueId"
  MICROBIT_BUTTON_EVT_CLICK = 3,
  //% blockIdentity="control.eventValueId"
  MICROBIT_RADIO_EVT_DATAGRAM = 1,
  //% blockIdentity="control.eventValueId"
  MICROBIT_ACCELEROMETER_EVT_DATA_UPDATE = 1,
  //% blockIdentity="control.eventValueId"
  MICROBIT_PIN_EVT_RISE = 2,
  //% blockIdentity="control.eventValueId"
  MICROBIT_PIN_EVT_FALL = 3,
  //% blockIdentity="control.eventValueId"
  MICROBIT_PIN_EVT_PULSE_HI = 4,
  //% blockIdentity="control.eventValueId"
  MICROBIT_PIN_EVT_PULSE_LO = 5,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_ALARM1 = 6,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_ALARM2 = 7,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_ALARM3 = 8,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_ALARM4 = 9,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_ALARM5 = 10,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_ALARM6 = 11,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_DISPLAY_TOAST = 1,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_FIND_MY_PHONE = 5,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_PLAY_RINGTONE = 4,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_PLAY_SOUND = 3,
  //% blockIdentity="control.eventValueId"
  MES_ALERT_EVT_VIBRATE = 2,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_LAUNCH_PHOTO_MODE = 1,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_LAUNCH_VIDEO_MODE = 2,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_START_VIDEO_CAPTURE = 4,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_STOP_PHOTO_MODE = 6,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_STOP_VIDEO_CAPTURE = 5,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_STOP_VIDEO_MODE = 7,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_TAKE_PHOTO = 3,
  //% blockIdentity="control.eventValueId"
  MES_CAMERA_EVT_TOGGLE_FRONT_REAR = 8,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_DISPLAY_OFF = 5,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_DISPLAY_ON = 6,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_GESTURE_DEVICE_SHAKEN = 4,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_INCOMING_CALL = 7,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_INCOMING_MESSAGE = 8,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_ORIENTATION_LANDSCAPE = 1,
  //% blockIdentity="control.eventValueId"
  MES_DEVICE_ORIENTATION_PORTRAIT = 2,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_1_DOWN = 9,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_1_UP = 10,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_2_DOWN = 11,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_2_UP = 12,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_3_DOWN = 13,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_3_UP = 14,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_4_DOWN = 15,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_4_UP = 16,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_A_DOWN = 1,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_A_UP = 2,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_B_DOWN = 3,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_B_UP = 4,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_C_DOWN = 5,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_C_UP = 6,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_D_DOWN = 7,
  //% blockIdentity="control.eventValueId"
  MES_DPAD_BUTTON_D_UP = 8,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_FORWARD = 6,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_NEXTTRACK = 4,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_PAUSE = 2,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_PLAY = 1,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_PREVTRACK = 5,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_REWIND = 7,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_STOP = 3,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_VOLUMEDOWN = 9,
  //% blockIdentity="control.eventValueId"
  MES_REMOTE_CONTROL_EVT_VOLUMEUP = 8,
}

/**
 * What a handler does with events that arrive while it is still running.
 */
declare const enum EventFlags {
  QueueIfBusy = 16,
  DropIfBusy = 32,
  Reentrant = 8,
}

/**
 * Run code in the background, events, reset, and other runtime services.
 */
//% weight=1 color="#333333" icon="\uf233"
//% advanced=true
declare namespace control {
  /**
   * Runs code in the background, next to the rest of the program.
   * @param a the code to run
   */
  //% help=control/in-background blockAllowMultiple=1 afterOnStart=true
  //% blockId="control_in_background" block="run in background" blockGap=8
  function inBackground(a: () => void): void;

  /**
   * Runs code in the background (the same as inBackground).
   * @param a the code to run
   */
  //% help=control/run-in-parallel hidden=1
  function runInParallel(a: () => void): void;

  /**
   * Restarts the board: the program stops and starts again from the top.
   */
  //% weight=30 async help=control/reset blockGap=8
  //% blockId="control_reset" block="reset"
  function reset(): void;

  /**
   * Keeps the processor busy for some microseconds (other code does not run meanwhile).
   * @param micros how many microseconds, eg: 4
   */
  //% help=control/wait-micros weight=29
  //% blockId="control_wait_us" block="wait (µs)%micros"
  function waitMicros(micros: number): void;

  /**
   * Waits until an event with this source and value happens.
   * @param src the event source, eg: EventBusSource.MICROBIT_ID_BUTTON_A
   * @param value the event value, eg: EventBusValue.MICROBIT_BUTTON_EVT_CLICK
   */
  //% help=control/wait-for-event async
  //% blockId=control_wait_for_event block="wait for event|from %src|with value %value"
  function waitForEvent(src: number, value: number): void;

  /**
   * Raises an event on the event bus, so handlers registered with onEvent run.
   * @param src the component that raises it, eg: EventBusSource.MICROBIT_ID_BUTTON_A
   * @param value what happened, eg: EventBusValue.MICROBIT_BUTTON_EVT_CLICK
   * @param mode whether the handlers run (default) or the event is only created
   */
  //% weight=21 blockGap=12 blockId="control_raise_event" block="raise event|from source %src=control_event_source_id|with value %value=control_event_value_id" blockExternalInputs=1
  //% help=control/raise-event
  //% mode.defl=1
  function raiseEvent(src: number, value: number, mode?: EventCreationMode): void;

  /**
   * Runs code whenever an event with this source and value is raised (value 0: any value).
   * @param src the event source
   * @param value the event value (0 for any)
   * @param handler the code to run
   * @param flags what to do with events while the handler runs (they wait in line)
   */
  //% weight=20 blockGap=8 blockId="control_on_event" block="on event|from %src=control_event_source_id|with value %value=control_event_value_id"
  //% help=control/on-event
  //% blockExternalInputs=1 flags.defl=0
  function onEvent(src: number, value: number, handler: () => void, flags?: number): void;

  /**
   * The value of the event being handled.
   */
  //% blockId=control_event_value block="event value"
  //% help=control/event-value
  //% weight=18
  function eventValue(): number;

  /**
   * When the event being handled happened, in microseconds since the program started.
   */
  //% blockId=control_event_timestamp block="event timestamp"
  //% help=control/event-timestamp
  //% weight=19 blockGap=8
  function eventTimestamp(): number;

  /**
   * An event source as a number.
   * @param id the event source, eg: EventBusSource.MICROBIT_ID_BUTTON_A
   */
  //% weight=19 blockId="control_event_source_id" block="%id" blockGap=8
  //% help=control/event-source-id
  //% shim=TD_ID advanced=true
  function eventSourceId(id: EventBusSource): number;

  /**
   * An event value as a number.
   * @param id the event value, eg: EventBusValue.MICROBIT_EVT_ANY
   */
  //% weight=19 blockId="control_event_value_id" block="%id"
  //% help=control/event-value-id
  //% shim=TD_ID advanced=true
  function eventValueId(id: EventBusValue): number;

  /**
   * The board's five-letter name, made from its serial number (the same one the device shows).
   */
  //% blockId="control_device_name" block="device name" weight=10 blockGap=8
  //% help=control/device-name
  //% advanced=true
  function deviceName(): string;

  /**
   * A number that identifies this board: always the same for it, different for other boards.
   */
  //% blockId="control_device_serial_number" block="device serial number" weight=9
  //% help=control/device-serial-number
  //% advanced=true
  function deviceSerialNumber(): number;

  /**
   * The board's full 64-bit serial number, as 8 bytes.
   */
  //% blockId="control_device_long_serial_number" block="device long serial number" weight=9
  //% help=control/device-long-serial-number
  //% advanced=true
  function deviceLongSerialNumber(): Buffer;

  /**
   * Stops the program and shows an error code, as the device does.
   * @param code the error code, eg: 42
   */
  //% help=control/panic weight=29
  //% blockId="control_panic" block="panic %code"
  function panic(code: number): void;

  /**
   * Stops the program with error code 98 when `condition` is false, writing `msg` to serial first.
   * @param condition what must be true
   * @param msg what to report when it is not
   */
  //% help=control/assert weight=28
  function assert(condition: boolean, msg?: string): void;

  /**
   * Milliseconds since the program started.
   */
  //% help=control/millis weight=50
  //% blockId=control_running_time block="millis (ms)"
  function millis(): number;

  /**
   * Microseconds since the program started (wraps around after about 18 minutes).
   */
  //% help=control/micros
  function micros(): number;

  /**
   * A new buffer of `size` bytes, all 0. Old name: use pins.createBuffer.
   * @param size how many bytes
   */
  //% help=control/create-buffer deprecated=1
  function createBuffer(size: number): Buffer;

  /**
   * A new buffer holding `str` as UTF-8 bytes.
   * @param str the text
   */
  //% help=control/create-buffer-from-utf8 deprecated=1
  function createBufferFromUTF8(str: string): Buffer;
}

/**
 * Any value as text, the way the micro:bit shows it: 5 becomes "5", true becomes "true".
 * @param value the value to turn into text
 */
//% help=text/convert-to-text weight=1
//% blockId=variable_to_text block="convert $value=math_number to text" blockNamespace="text"
//% value.label="value"
declare function convertToText(value: any): string;
