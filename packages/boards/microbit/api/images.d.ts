// The `images` namespace and the `Image` type: pictures for the LED screen, wider than the
// screen if you like (frames side by side), to show, scroll and edit pixel by pixel.

/**
 * Make images for the LED screen, from drawings or the built-in icons and arrows.
 */
//% color=#7600A8 weight=31 icon="\uf03e"
//% advanced=true
declare namespace images {
  /**
   * An image one screen wide, drawn in the editor.
   * @param leds which LEDs are on
   */
  //% weight=75 help=images/create-image
  //% blockId=device_build_image block="create image"
  //% parts="ledmatrix" imageLiteral=1
  function createImage(leds: string): Image;

  /**
   * An image two screens wide, drawn in the editor.
   * @param leds which LEDs are on
   */
  //% weight=74 help=images/create-big-image
  //% blockId=device_build_big_image block="create big image" imageLiteral=2
  //% parts="ledmatrix"
  function createBigImage(leds: string): Image;

  /**
   * The image of an arrow pointing in a compass direction.
   * @param i the direction, eg: ArrowNames.North
   */
  //% weight=50 blockGap=8
  //% help=images/arrow-image
  //% blockId=builtin_arrow_image block="arrow image %i=device_arrow"
  function arrowImage(i: ArrowNames): Image;

  /**
   * The image of one of the built-in icons.
   * @param i the icon, eg: IconNames.Heart
   */
  //% weight=50 blockGap=8
  //% help=images/icon-image
  //% blockId=builtin_image block="icon image %i"
  //% i.fieldEditor="imagedropdown" i.fieldOptions.columns="5"
  //% i.fieldOptions.width="380" i.fieldOptions.maxRows=4
  function iconImage(i: IconNames): Image;

  /**
   * An arrow direction as a number.
   * @param arrow the direction, eg: ArrowNames.North
   */
  //% weight=50 blockGap=8
  //% help=images/arrow-number
  //% blockId=device_arrow block="%arrow"
  //% shim=TD_ID
  function arrowNumber(arrow: ArrowNames): number;
}

/**
 * A picture for the LED screen: 5 rows and any number of columns, each LED 0 (off) to 255.
 */
declare interface Image {
  /**
   * Draws the image on the screen from column `xOffset`, without waiting.
   * @param xOffset the first column to draw, eg: 0
   */
  //% help=images/plot-image
  //% parts="ledmatrix" xOffset.defl=0
  plotImage(xOffset?: number): void;

  /**
   * Shows the image from column `xOffset`, then waits `interval` milliseconds.
   * @param xOffset the first column to show, eg: 0
   * @param interval how long to wait after showing, eg: 400
   */
  //% help=images/show-image weight=80 blockNamespace=images
  //% blockId=device_show_image_offset block="show image %sprite(myImage)|at offset %offset ||and interval (ms) %interval"
  //% blockGap=8 parts="ledmatrix" async interval.defl=400
  showImage(xOffset: number, interval?: number): void;

  /**
   * Draws frame number `xOffset` (5 columns per frame), without waiting.
   * @param xOffset the frame to draw, eg: 0
   */
  //% help=images/plot-frame weight=80
  //% parts="ledmatrix"
  plotFrame(xOffset: number): void;

  /**
   * Slides the image across the screen, `frameOffset` columns per step.
   * @param frameOffset columns moved per step (negative: to the right), eg: 1, 2, 5
   * @param interval milliseconds between steps, eg: 200
   */
  //% help=images/scroll-image weight=79 async blockNamespace=images
  //% blockId=device_scroll_image
  //% block="scroll image %sprite(myImage)|with offset %frameoffset|and interval (ms) %delay"
  //% blockGap=8 parts="ledmatrix"
  scrollImage(frameOffset: number, interval: number): void;

  /**
   * Turns every pixel of the image off.
   */
  //% help=images/clear
  //% parts="ledmatrix"
  clear(): void;

  /**
   * Sets the brightness (0-255) of the pixel at column x and row y.
   */
  //% help=images/set-pixel-brightness
  //% parts="ledmatrix"
  setPixelBrightness(x: number, y: number, value: number): void;

  /**
   * The brightness (0-255) of the pixel at column x and row y (0 outside the image).
   */
  //% help=images/pixel-brightness
  //% parts="ledmatrix"
  pixelBrightness(x: number, y: number): number;

  /**
   * How many columns the image has.
   */
  //% help=images/width
  width(): number;

  /**
   * How many rows the image has (always 5).
   */
  //% help=images/height
  height(): number;

  /**
   * Turns the pixel at column x and row y on or off.
   * @param x the column
   * @param y the row
   * @param value true for on
   */
  //% help=images/set-pixel
  //% parts="ledmatrix"
  setPixel(x: number, y: number, value: boolean): void;

  /**
   * Whether the pixel at column x and row y is on.
   * @param x the column
   * @param y the row
   */
  //% help=images/pixel
  //% parts="ledmatrix"
  pixel(x: number, y: number): boolean;

  /**
   * Shows frame number `frame` (5 columns per frame), then waits `interval` milliseconds.
   * @param frame the frame to show
   * @param interval how long to wait after showing, eg: 400
   */
  //% weight=70 help=images/show-frame
  //% parts="ledmatrix" interval.defl=400 async
  showFrame(frame: number, interval?: number): void;
}
