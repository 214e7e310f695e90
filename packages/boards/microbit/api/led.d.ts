// The `led` namespace: single LEDs, the screen's brightness, mode and power, the bar graph.

/**
 * How the LED screen shows brightness.
 */
declare const enum DisplayMode {
  /**
   * Every LED that is on shows at full brightness.
   */
  //% block="black and white"
  BlackAndWhite = 0,
  //% blockHidden=true
  BackAndWhite = 0,
  /**
   * Each LED shows its own brightness.
   */
  //% block="greyscale"
  Greyscale = 1,
}

/**
 * Turn single LEDs on and off, read them, and control the LED screen.
 */
//% color=#7600A8 weight=101 icon="\uf205"
declare namespace led {
  /**
   * Turns on the LED at column x and row y (0, 0 is the top left).
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   */
  //% help=led/plot weight=78
  //% blockId=device_plot block="plot|x %x|y %y" blockGap=8
  //% parts="ledmatrix"
  //% x.min=0 x.max=4 y.min=0 y.max=4
  //% x.fieldOptions.precision=1 y.fieldOptions.precision=1
  function plot(x: number, y: number): void;

  /**
   * Turns on the LED at column x and row y with a brightness from 0 (off) to 255 (brightest).
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   * @param brightness how bright, from 0 to 255, eg: 255
   */
  //% help=led/plot-brightness weight=78
  //% blockId=device_plot_brightness block="plot|x %x|y %y|brightness %brightness" blockGap=8
  //% parts="ledmatrix"
  //% x.min=0 x.max=4 y.min=0 y.max=4 brightness.min=0 brightness.max=255
  //% x.fieldOptions.precision=1 y.fieldOptions.precision=1
  //% advanced=true
  function plotBrightness(x: number, y: number, brightness: number): void;

  /**
   * Turns off the LED at column x and row y.
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   */
  //% help=led/unplot weight=77
  //% blockId=device_unplot block="unplot|x %x|y %y" blockGap=8
  //% parts="ledmatrix"
  //% x.min=0 x.max=4 y.min=0 y.max=4
  //% x.fieldOptions.precision=1 y.fieldOptions.precision=1
  function unplot(x: number, y: number): void;

  /**
   * Whether the LED at column x and row y is on.
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   */
  //% help=led/point weight=76
  //% blockId=device_point block="point|x %x|y %y"
  //% parts="ledmatrix"
  //% x.min=0 x.max=4 y.min=0 y.max=4
  //% x.fieldOptions.precision=1 y.fieldOptions.precision=1
  function point(x: number, y: number): boolean;

  /**
   * The brightness (0-255) of the LED at column x and row y.
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   */
  //% help=led/point-brightness weight=76
  //% blockId=device_point_brightness block="point|x %x|y %y brightness"
  //% parts="ledmatrix"
  //% x.min=0 x.max=4 y.min=0 y.max=4
  //% x.fieldOptions.precision=1 y.fieldOptions.precision=1
  //% advanced=true
  function pointBrightness(x: number, y: number): number;

  /**
   * The brightness of the whole screen, from 0 (off) to 255 (brightest).
   */
  //% help=led/brightness weight=60
  //% blockId=device_get_brightness block="brightness" blockGap=8
  //% parts="ledmatrix"
  //% advanced=true
  function brightness(): number;

  /**
   * Sets the brightness of the whole screen, from 0 (off) to 255 (brightest).
   * @param value how bright, eg: 255, 127, 0
   */
  //% help=led/set-brightness weight=59
  //% blockId=device_set_brightness block="set brightness %value"
  //% parts="ledmatrix"
  //% advanced=true
  //% value.min=0 value.max=255
  function setBrightness(value: number): void;

  /**
   * Stops the picture or text being shown, and drops the ones waiting to be shown.
   */
  //% weight=50 help=led/stop-animation
  //% blockId=device_stop_animation block="stop animation"
  //% parts="ledmatrix"
  //% advanced=true
  function stopAnimation(): void;

  /**
   * Chooses between black and white and greyscale for the LED screen.
   * @param mode the display mode, eg: DisplayMode.Greyscale
   */
  //% weight=1 help=led/set-display-mode
  //% parts="ledmatrix" advanced=true
  //% blockId="led_set_display_mode" block="set display mode $mode"
  function setDisplayMode(mode: DisplayMode): void;

  /**
   * The LED screen's display mode.
   */
  //% weight=1 help=led/display-mode
  //% parts="ledmatrix" advanced=true
  function displayMode(): DisplayMode;

  /**
   * Turns the LED screen on or off. While it is off, the pins it uses are free for other work.
   * @param on true to turn it on, eg: false
   */
  //% help=led/enable blockId=device_led_enable block="led enable %on"
  //% advanced=true parts="ledmatrix"
  function enable(on: boolean): void;

  /**
   * A picture of what the LED screen shows now.
   */
  //% help=led/screenshot
  //% parts="ledmatrix"
  function screenshot(): Image;

  /**
   * Shows a bar graph of `value`, rising from the bottom row. With `high` 0 it scales itself to
   * the largest value of the last 10 seconds. Also writes the value to serial.
   * @param value the value to show, eg: 0
   * @param high the value of a full graph, or 0 to scale automatically, eg: 0
   * @param valueToConsole whether to write the value to serial, eg: true
   */
  //% help=led/plot-bar-graph weight=20
  //% blockId=device_plot_bar_graph block="plot bar graph of $value up to $high||serial write $valueToConsole" icon="\uf080" blockExternalInputs=true
  //% parts="ledmatrix"
  //% valueToConsole.shadow=toggleOnOff valueToConsole.defl=true
  function plotBarGraph(value: number, high: number, valueToConsole?: boolean): void;

  /**
   * Turns the LED at column x and row y on if it is off, and off if it is on.
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   */
  //% help=led/toggle weight=77
  //% blockId=device_led_toggle block="toggle|x %x|y %y" icon="\uf204" blockGap=8
  //% parts="ledmatrix"
  //% x.min=0 x.max=4 y.min=0 y.max=4
  //% x.fieldOptions.precision=1 y.fieldOptions.precision=1
  function toggle(x: number, y: number): void;

  /**
   * Turns on every LED.
   */
  //% help=led/plot-all
  //% parts="ledmatrix"
  function plotAll(): void;

  /**
   * Turns every LED that is on off, and every LED that is off on.
   */
  //% help=led/toggle-all
  //% parts="ledmatrix"
  function toggleAll(): void;

  /**
   * Brightens the screen up to full brightness over `ms` milliseconds.
   * @param ms how long the fade takes, eg: 700
   */
  //% help=led/fade-in async
  //% parts="ledmatrix"
  function fadeIn(ms?: number): void;

  /**
   * Dims the screen down to dark over `ms` milliseconds.
   * @param ms how long the fade takes, eg: 700
   */
  //% help=led/fade-out async
  //% parts="ledmatrix"
  function fadeOut(ms?: number): void;
}
