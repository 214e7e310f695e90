/**
 * Servos on the edge connector: standard servos turn their arm to an angle, continuous-rotation
 * servos spin at a speed. Wire the servo's signal to a pin (P0, P1 or P2 on most kits).
 */
//% color="#7c3aed" weight=70 icon="\uf021" block="Servos"
//% groups='["Position", "Speed"]'
namespace servos {
  /**
   * Turn a standard servo's arm to an angle.
   * @param pin the pin the servo's signal wire is on
   * @param degrees the angle, from 0 to 180
   */
  //% blockId=servos_set_angle block="set servo %pin angle to %degrees °"
  //% pin.defl=AnalogPin.P0 degrees.min=0 degrees.max=180 degrees.defl=90
  //% group="Position" weight=90
  export function setAngle(pin: AnalogPin, degrees: number): void {
    pins.servoWritePin(pin, Math.max(0, Math.min(180, Math.round(degrees))));
  }

  /**
   * Run a continuous-rotation servo at a speed: 100 is full speed forward, -100 full speed
   * backward, 0 stops.
   * @param pin the pin the servo's signal wire is on
   * @param speed the speed, from -100 to 100
   */
  //% blockId=servos_run block="run servo %pin at speed %speed \\%"
  //% pin.defl=AnalogPin.P0 speed.min=-100 speed.max=100 speed.defl=50
  //% group="Speed" weight=80
  export function run(pin: AnalogPin, speed: number): void {
    const clamped = Math.max(-100, Math.min(100, speed));
    setAngle(pin, 90 + (clamped * 90) / 100);
  }

  /**
   * Stop a continuous-rotation servo (a standard servo goes to its middle, 90°).
   * @param pin the pin the servo's signal wire is on
   */
  //% blockId=servos_stop block="stop servo %pin"
  //% pin.defl=AnalogPin.P0
  //% group="Speed" weight=70
  export function stop(pin: AnalogPin): void {
    setAngle(pin, 90);
  }
}
