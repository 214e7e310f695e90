// The `basic` namespace of the micro:bit API: the LED screen's most used blocks, forever and
// pause. Names, signatures, enum values and block annotations follow MakeCode's micro:bit API.

/**
 * The built-in pictures for `show icon`.
 */
declare const enum IconNames {
  //% block="heart" blockImage=1
  Heart = 0,
  //% block="small heart" blockImage=1
  SmallHeart = 1,
  //% block="yes" blockImage=1
  Yes = 2,
  //% block="no" blockImage=1
  No = 3,
  //% block="happy" blockImage=1
  Happy = 4,
  //% block="sad" blockImage=1
  Sad = 5,
  //% block="confused" blockImage=1
  Confused = 6,
  //% block="angry" blockImage=1
  Angry = 7,
  //% block="asleep" blockImage=1
  Asleep = 8,
  //% block="surprised" blockImage=1
  Surprised = 9,
  //% block="silly" blockImage=1
  Silly = 10,
  //% block="fabulous" blockImage=1
  Fabulous = 11,
  //% block="meh" blockImage=1
  Meh = 12,
  //% block="t-shirt" blockImage=1
  TShirt = 13,
  //% block="roller skate" blockImage=1
  Rollerskate = 14,
  //% block="duck" blockImage=1
  Duck = 15,
  //% block="house" blockImage=1
  House = 16,
  //% block="tortoise" blockImage=1
  Tortoise = 17,
  //% block="butterfly" blockImage=1
  Butterfly = 18,
  //% block="stick figure" blockImage=1
  StickFigure = 19,
  //% block="ghost" blockImage=1
  Ghost = 20,
  //% block="sword" blockImage=1
  Sword = 21,
  //% block="giraffe" blockImage=1
  Giraffe = 22,
  //% block="skull" blockImage=1
  Skull = 23,
  //% block="umbrella" blockImage=1
  Umbrella = 24,
  //% block="snake" blockImage=1
  Snake = 25,
  //% block="rabbit" blockImage=1
  Rabbit = 26,
  //% block="cow" blockImage=1
  Cow = 27,
  //% block="quarter note" blockImage=1
  QuarterNote = 28,
  // MakeCode's first spelling, kept so older programs still compile; the picker offers EighthNote.
  //% block="eigth note" blockImage=1 deprecated=true blockHidden=true
  EigthNote = 29,
  //% block="eighth note" blockImage=1
  EighthNote = 30,
  //% block="pitchfork" blockImage=1
  Pitchfork = 31,
  //% block="target" blockImage=1
  Target = 32,
  //% block="triangle" blockImage=1
  Triangle = 33,
  //% block="left triangle" blockImage=1
  LeftTriangle = 34,
  //% block="chess board" blockImage=1
  Chessboard = 35,
  //% block="diamond" blockImage=1
  Diamond = 36,
  //% block="small diamond" blockImage=1
  SmallDiamond = 37,
  //% block="square" blockImage=1
  Square = 38,
  //% block="small square" blockImage=1
  SmallSquare = 39,
  //% block="scissors" blockImage=1
  Scissors = 40,
}

/**
 * The eight compass directions for `show arrow`.
 */
declare const enum ArrowNames {
  //% blockIdentity=images.arrowNumber block="North"
  North = 0,
  //% blockIdentity=images.arrowNumber block="North East"
  NorthEast = 1,
  //% blockIdentity=images.arrowNumber block="East"
  East = 2,
  //% blockIdentity=images.arrowNumber block="South East"
  SouthEast = 3,
  //% blockIdentity=images.arrowNumber block="South"
  South = 4,
  //% blockIdentity=images.arrowNumber block="South West"
  SouthWest = 5,
  //% blockIdentity=images.arrowNumber block="West"
  West = 6,
  //% blockIdentity=images.arrowNumber block="North West"
  NorthWest = 7,
}

/**
 * Show numbers, text and pictures on the LED screen; repeat code forever; wait.
 */
//% color=#1E90FF weight=116 icon="\uf00a"
declare namespace basic {
  /**
   * Shows a number on the LED screen. A single digit stays still; longer numbers scroll.
   * @param value the number to show, eg: 0
   * @param interval milliseconds per scroll step, eg: 150, 100, 200, -100
   */
  //% help=basic/show-number weight=96 blockGap=8
  //% blockId=device_show_number block="show|number %number"
  //% async parts="ledmatrix" interval.defl=150 value.label="value"
  function showNumber(value: number, interval?: number): void;

  /**
   * Draws a picture on the LED screen, then waits.
   * @param leds which LEDs are on
   * @param interval milliseconds to wait after drawing, eg: 400
   */
  //% help=basic/show-leds weight=95 blockGap=8
  //% imageLiteral=1 async
  //% blockId=device_show_leds block="show leds" icon="\uf00a"
  //% parts="ledmatrix" interval.defl=400
  function showLeds(leds: string, interval?: number): void;

  /**
   * Shows text on the LED screen. One character stays still; longer text scrolls left.
   * @param text the text to show, eg: "Hello!"
   * @param interval milliseconds per scroll step, eg: 150, 100, 200, -100
   */
  //% help=basic/show-string weight=87 blockGap=16
  //% block="show|string %text" async
  //% blockId=device_print_message parts="ledmatrix"
  //% text.shadowOptions.toString=true interval.defl=150
  function showString(text: string, interval?: number): void;

  /**
   * Turns off every LED.
   */
  //% help=basic/clear-screen weight=79
  //% blockId=device_clear_display block="clear screen" parts="ledmatrix"
  function clearScreen(): void;

  /**
   * Shows pictures one after another, five columns per picture.
   * @param leds the pictures, side by side
   * @param interval milliseconds each picture stays, eg: 400
   */
  //% help=basic/show-animation imageLiteral=1 async
  //% parts="ledmatrix" interval.defl=400
  function showAnimation(leds: string, interval?: number): void;

  /**
   * Draws a picture on the LED screen without waiting.
   * @param leds which LEDs are on
   */
  //% help=basic/plot-leds weight=80
  //% parts="ledmatrix" imageLiteral=1
  function plotLeds(leds: string): void;

  /**
   * Draws one of the built-in icons, then waits.
   * @param icon the picture to show, eg: IconNames.Heart
   * @param interval milliseconds to wait after drawing, eg: 600
   */
  //% help=basic/show-icon weight=90 blockGap=8
  //% blockId=basic_show_icon block="show icon %i" icon="\uf00a" async
  //% parts="ledmatrix"
  //% icon.fieldEditor="imagedropdown" icon.fieldOptions.columns="5"
  //% icon.fieldOptions.width="380" icon.fieldOptions.maxRows=4
  //% interval.defl=600
  function showIcon(icon: IconNames, interval?: number): void;

  /**
   * Draws an arrow pointing in a compass direction, then waits.
   * @param direction which way the arrow points, eg: ArrowNames.North
   * @param interval milliseconds to wait after drawing, eg: 600
   */
  //% help=basic/show-arrow weight=50 blockGap=8
  //% blockId=basic_show_arrow block="show arrow %i=device_arrow" async
  //% parts="ledmatrix" interval.defl=600
  function showArrow(direction: number, interval?: number): void;

  /**
   * Runs the code again and again in the background, letting other code run in between.
   * @param a the code to repeat
   */
  //% help=basic/forever weight=55 blockGap=16 blockAllowMultiple=1 afterOnStart=true
  //% blockId=device_forever block="forever" icon="\uf01e"
  function forever(a: () => void): void;

  /**
   * Waits the given number of milliseconds; other code runs meanwhile.
   * @param ms how long to wait, eg: 100, 200, 500, 1000, 2000
   */
  //% help=basic/pause weight=54 blockGap=16
  //% async block="pause (ms) %pause"
  //% blockId=device_pause icon="\uf110"
  //% pause.shadow=timePicker
  function pause(ms: number): void;
}

/**
 * Waits the given number of milliseconds (the same as basic.pause).
 * @param ms how long to wait, eg: 100, 200, 500, 1000, 2000
 */
//% async
declare function pause(ms: number): void;

/**
 * Repeats the code forever in the background (the same as basic.forever).
 */
declare function forever(a: () => void): void;
