// `loops.everyInterval`: code on a timer. (The loop blocks themselves are language built-ins.)

/**
 * Repeat code on a timer.
 */
//% color=#107C10 weight=50 icon="\uf01e"
declare namespace loops {
  /**
   * Runs the code again and again in the background, starting every `interval` milliseconds
   * (when a run takes longer, the next one starts straight after it).
   * @param interval milliseconds from the start of one run to the start of the next, eg: 500
   * @param a the code to run
   */
  //% weight=45 blockAllowMultiple=1
  //% interval.shadow=longTimePicker
  //% afterOnStart=true help=loops/every-interval
  //% blockId=every_interval block="every $interval ms"
  function everyInterval(interval: number, a: () => void): void;

  /**
   * A duration in milliseconds, picked from a list (the shadow of `every … ms`).
   * @param ms the duration, eg: 500, 1000
   */
  //% blockId=longTimePicker block="%ms"
  //% blockHidden=true shim=TD_ID help=none
  //% colorSecondary="#FFFFFF"
  //% ms.fieldEditor="numberdropdown" ms.fieldOptions.decompileLiterals=true
  function __timePicker(ms: number): number;
}
