// The `serial` namespace: text and numbers to and from the computer over USB. Names, signatures,
// enum values and block annotations follow MakeCode's micro:bit API; the runtime side is
// src/api/serial.ts.

/**
 * Characters that end a piece of received text (for `serial.readUntil`, `serial.onDataReceived`).
 * The values are the characters' codes.
 */
declare const enum Delimiters {
  //% block="new line (\n)"
  NewLine = 10,
  //% block=","
  Comma = 44,
  //% block="$"
  Dollar = 36,
  //% block=":"
  Colon = 58,
  //% block="."
  Fullstop = 46,
  //% block="#"
  Hash = 35,
  //% block="carriage return (\r)"
  CarriageReturn = 13,
  //% block="space"
  Space = 32,
  //% block="tab (\t)"
  Tab = 9,
  //% block="|"
  Pipe = 124,
  //% block=";"
  SemiColon = 59,
}

/**
 * Pins the serial line can be moved to with `serial.redirect`.
 */
declare const enum SerialPin {
  P0 = 100,
  P1 = 101,
  P2 = 102,
  P8 = 108,
  P12 = 112,
  P13 = 113,
  P14 = 114,
  P15 = 115,
  P16 = 116,
  USB_TX = 1001,
  USB_RX = 1002,
}

/**
 * Speeds of the serial line, in bits per second.
 */
declare const enum BaudRate {
  //% block=115200
  BaudRate115200 = 115200,
  //% block=57600
  BaudRate57600 = 57600,
  //% block=38400
  BaudRate38400 = 38400,
  //% block=31250
  BaudRate31250 = 31250,
  //% block=28800
  BaudRate28800 = 28800,
  //% block=19200
  BaudRate19200 = 19200,
  //% block=14400
  BaudRate14400 = 14400,
  //% block=9600
  BaudRate9600 = 9600,
  //% block=4800
  BaudRate4800 = 4800,
  //% block=2400
  BaudRate2400 = 2400,
  //% block=1200
  BaudRate1200 = 1200,
}

/**
 * Send and receive text over the USB serial connection.
 */
//% weight=2 color=#002050 icon="\uf287"
//% advanced=true
//% groups='["Write", "Read", "Events", "Configuration"]'
declare namespace serial {
  /**
   * Sends a line of text, padded to 32 bytes, ending with a new line.
   * @param text what to send
   */
  //% help=serial/write-line weight=90 blockGap=8
  //% blockId=serial_writeline block="serial|write line %text"
  //% text.shadowOptions.toString=true group="Write"
  function writeLine(text: string): void;

  /**
   * Sends a number, without a new line.
   * @param value the number to send
   */
  //% help=serial/write-number weight=89 blockGap=8
  //% blockId=serial_writenumber block="serial|write number %value"
  //% group="Write"
  function writeNumber(value: number): void;

  /**
   * Sends numbers separated by commas, then a new line.
   * @param values the numbers to send
   */
  //% help=serial/write-numbers weight=86
  //% blockId=serial_writenumbers block="serial|write numbers %values"
  //% group="Write"
  function writeNumbers(values: number[]): void;

  /**
   * Sends `name:value` as a line, the form the data viewer charts.
   * @param name the name of the value, eg: "x"
   * @param value the value to send
   */
  //% help=serial/write-value weight=88 blockGap=8
  //% blockId=serial_writevalue block="serial|write value %name|= %value"
  //% group="Write"
  function writeValue(name: string, value: number): void;

  /**
   * Sends text as it is, without a new line.
   * @param text what to send
   */
  //% help=serial/write-string weight=87
  //% blockId=serial_writestring block="serial|write string %text"
  //% text.shadowOptions.toString=true group="Write"
  function writeString(text: string): void;

  /**
   * Sends the bytes of a buffer as they are.
   * @param buffer the bytes to send
   */
  //% help=serial/write-buffer advanced=true weight=6
  //% blockId=serial_writebuffer block="serial|write buffer %buffer=serial_readbuffer"
  //% group="Write"
  function writeBuffer(buffer: Buffer): void;

  /**
   * Waits for a line of text from the computer and returns it (without the new line).
   */
  //% help=serial/read-line weight=20 blockGap=8
  //% blockId=serial_read_line block="serial|read line"
  //% group="Read" async
  function readLine(): string;

  /**
   * Waits until one of the delimiter characters arrives and returns the text before it.
   * @param delimiter the characters that end the text
   */
  //% help=serial/read-until weight=19
  //% blockId=serial_read_until block="serial|read until %delimiter=serial_delimiter_conv"
  //% group="Read" async
  function readUntil(delimiter: string): string;

  /**
   * Returns whatever text has arrived and not been read yet ("" if none), without waiting.
   */
  //% help=serial/read-string weight=18
  //% blockId=serial_read_buffer block="serial|read string"
  //% group="Read"
  function readString(): string;

  /**
   * Reads received bytes into a buffer. With a length above 0 it waits until that many arrived;
   * with 0 it returns what is there.
   * @param length how many bytes to read, eg: 64
   */
  //% help=serial/read-buffer advanced=true weight=5
  //% blockId=serial_readbuffer block="serial|read buffer %length"
  //% group="Read" async
  function readBuffer(length: number): Buffer;

  /**
   * Runs code when one of the delimiter characters arrives.
   * @param delimiters the characters to watch for
   * @param body the code to run
   */
  //% help=serial/on-data-received weight=18
  //% blockId=serial_on_data_received block="serial|on data received %delimiters=serial_delimiter_conv"
  //% group="Events"
  function onDataReceived(delimiters: string, body: () => void): void;

  /**
   * The text of a delimiter character.
   * @param del the delimiter
   */
  //% help=serial/delimiters weight=1
  //% blockId="serial_delimiter_conv" block="%del"
  //% blockHidden=true group="Read"
  function delimiters(del: Delimiters): string;

  /**
   * Moves the serial line from USB to two pins at a speed.
   * @param tx the pin that sends, eg: SerialPin.P0
   * @param rx the pin that receives, eg: SerialPin.P1
   * @param rate the speed, eg: BaudRate.BaudRate115200
   */
  //% help=serial/redirect weight=10 blockGap=8
  //% blockId=serial_redirect block="serial|redirect to|TX %tx|RX %rx|at baud rate %rate"
  //% blockExternalInputs=1
  //% tx.fieldEditor="gridpicker" tx.fieldOptions.columns=3 tx.fieldOptions.tooltips="false"
  //% rx.fieldEditor="gridpicker" rx.fieldOptions.columns=3 rx.fieldOptions.tooltips="false"
  //% group="Configuration"
  function redirect(tx: SerialPin, rx: SerialPin, rate: BaudRate): void;

  /**
   * Moves the serial line back to USB, at 115200 baud.
   */
  //% help=serial/redirect-to-usb weight=9
  //% blockId=serial_redirect_to_usb block="serial|redirect to USB"
  //% group="Configuration"
  function redirectToUSB(): void;

  /**
   * Sets the speed of the serial line.
   * @param rate the speed, eg: BaudRate.BaudRate115200
   */
  //% help=serial/set-baud-rate weight=10 blockGap=8
  //% blockId=serial_setbaudrate block="serial|set baud rate %rate"
  //% inlineInputMode=inline group="Configuration" advanced=true
  function setBaudRate(rate: BaudRate): void;

  /**
   * Sets how many bytes of received text the board keeps until the program reads them.
   * @param size the buffer size in bytes, eg: 32
   */
  //% help=serial/set-rx-buffer-size advanced=true
  //% blockId=serialSetRxBufferSize block="serial set rx buffer size to $size"
  //% size.min=1 size.max=255 group="Configuration"
  function setRxBufferSize(size: number): void;

  /**
   * Sets how many bytes of outgoing text the board holds before sending.
   * @param size the buffer size in bytes, eg: 32
   */
  //% help=serial/set-tx-buffer-size advanced=true
  //% blockId=serialSetTxBufferSize block="serial set tx buffer size to $size"
  //% size.min=1 size.max=255 group="Configuration"
  function setTxBufferSize(size: number): void;

  /**
   * Sets the byte multiple that write line pads lines to (0 for no padding).
   * @param length the multiple, eg: 0
   */
  //% help=serial/set-write-line-padding weight=1 advanced=true
  //% blockId=serialWriteNewLinePadding block="serial set write line padding to $length"
  //% length.min=0 length.max=128 group="Configuration"
  function setWriteLinePadding(length: number): void;
}
