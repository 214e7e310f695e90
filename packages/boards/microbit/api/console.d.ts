// `console`: debug output to the serial console.

/**
 * Print messages to the console (the serial connection).
 */
declare namespace console {
  /**
   * Prints a value as a line on the serial console.
   * @param value what to print
   */
  //% help=console/log weight=90
  function log(value: any): void;

  /**
   * Prints `name: value` as a line on the serial console.
   */
  //% help=console/log-value weight=88
  function logValue(name: any, value: any): void;
}
