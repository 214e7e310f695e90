// The `input` namespace: buttons (more sensors are added here).

/**
 * The buttons of the micro:bit. The values are the device's button component ids.
 */
declare const enum Button {
  A = 1,
  B = 2,
  //% block="A+B"
  AB = 3,
}

/**
 * Events and readings from the buttons and sensors.
 */
//% color=#D400D4 weight=111 icon="\uf192"
declare namespace input {
  /**
   * Runs code when a button (A, B or both together) is pressed and let go.
   * @param button the button to watch
   * @param body the code to run
   */
  //% help=input/on-button-pressed weight=85 blockGap=16
  //% blockId=device_button_event block="on button|%NAME|pressed"
  //% parts="buttonpair"
  function onButtonPressed(button: Button, body: () => void): void;

  /**
   * Whether a button is held down right now (A+B: both).
   * @param button the button to check, eg: Button.A
   */
  //% help=input/button-is-pressed weight=60
  //% block="button|%NAME|is pressed"
  //% blockId=device_get_button2
  //% icon="\uf192" blockGap=8
  //% parts="buttonpair"
  function buttonIsPressed(button: Button): boolean;
}
