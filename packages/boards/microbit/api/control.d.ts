// The `control` namespace: background work and the device's runtime services.

/**
 * Run code in the background, stop with an error code, and other runtime services.
 */
//% weight=1 color="#333333"
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
   * Stops the program and shows an error code, as the device does.
   * @param code the error code, eg: 42
   */
  //% help=control/panic weight=29
  //% blockId="control_panic" block="panic %code"
  function panic(code: number): void;

  /**
   * Milliseconds since the program started.
   */
  //% help=control/millis weight=50
  //% blockId=control_running_time block="millis (ms)"
  function millis(): number;
}
