// The `serial` namespace: sending text and numbers to the computer (reading comes later).

/**
 * Send and receive text over the USB serial connection.
 */
//% weight=2 color=#002050 icon="\uf287"
//% advanced=true
declare namespace serial {
  /**
   * Sends a line of text, padded to 32 bytes, ending with a new line.
   * @param text what to send
   */
  //% help=serial/write-line weight=90 blockGap=8
  //% blockId=serial_writeline block="serial|write line %text"
  //% text.shadowOptions.toString=true
  function writeLine(text: string): void;

  /**
   * Sends a number, without a new line.
   * @param value the number to send
   */
  //% help=serial/write-number weight=89 blockGap=8
  //% blockId=serial_writenumber block="serial|write number %value"
  function writeNumber(value: number): void;

  /**
   * Sends numbers separated by commas, then a new line.
   * @param values the numbers to send
   */
  //% help=serial/write-numbers weight=86
  //% blockId=serial_writenumbers block="serial|write numbers %values"
  function writeNumbers(values: number[]): void;

  /**
   * Sends `name:value` as a line, the form the data viewer charts.
   * @param name the name of the value, eg: "x"
   * @param value the value to send
   */
  //% help=serial/write-value weight=88 blockGap=8
  //% blockId=serial_writevalue block="serial|write value %name|= %value"
  function writeValue(name: string, value: number): void;

  /**
   * Sends text as it is, without a new line.
   * @param text what to send
   */
  //% help=serial/write-string weight=87
  //% blockId=serial_writestring block="serial|write string %text"
  //% text.shadowOptions.toString=true
  function writeString(text: string): void;

  /**
   * Sets the byte multiple that write line pads lines to (0 for no padding).
   * @param length the multiple, eg: 0
   */
  //% help=serial/set-write-line-padding weight=1 advanced=true
  //% blockId=serialWriteNewLinePadding block="serial set write line padding to $length"
  //% length.min=0 length.max=128
  function setWriteLinePadding(length: number): void;
}
