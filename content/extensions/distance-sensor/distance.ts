/**
 * Ultrasonic distance sensors (HC-SR04 and alike): the board sends a short pulse on the trigger
 * pin and times how long the echo pin stays high. Sound takes about 58 microseconds to go one
 * centimetre there and back.
 */
//% color="#0f766e" weight=65 icon="\uf140" block="Distance"
namespace distance {
  /** The longest echo waited for: about 4 metres, the most these sensors measure. */
  export const MAX_ECHO_MICROS = 25000;

  /**
   * How far away the nearest thing is, in centimetres; 0 when nothing answers.
   * @param trig the pin wired to the sensor's trigger (Trig)
   * @param echo the pin wired to the sensor's echo (Echo)
   */
  //% blockId=distance_read_cm block="distance in cm|trigger %trig|echo %echo"
  //% trig.defl=DigitalPin.P1 echo.defl=DigitalPin.P2 weight=90
  export function readCm(trig: DigitalPin, echo: DigitalPin): number {
    pins.setPull(trig, PinPullMode.PullNone);
    pins.digitalWritePin(trig, 0);
    control.waitMicros(2);
    pins.digitalWritePin(trig, 1);
    control.waitMicros(10);
    pins.digitalWritePin(trig, 0);
    return centimetresFromEcho(pins.pulseIn(echo, PulseValue.High, MAX_ECHO_MICROS));
  }

  /**
   * Whether something is nearer than a distance (nothing answering counts as far away).
   * @param cm the distance in centimetres
   */
  //% blockId=distance_is_nearer block="something nearer than %cm cm|trigger %trig|echo %echo"
  //% cm.defl=10 trig.defl=DigitalPin.P1 echo.defl=DigitalPin.P2 weight=80
  export function isNearerThan(cm: number, trig: DigitalPin, echo: DigitalPin): boolean {
    const measured = readCm(trig, echo);
    return measured > 0 && measured < cm;
  }

  /**
   * Centimetres for an echo that lasted this many microseconds (0 stays 0: no echo).
   */
  //% blockId=distance_from_echo block="centimetres for an echo of %micros μs" weight=10 advanced=true
  export function centimetresFromEcho(micros: number): number {
    if (micros <= 0) return 0;
    return Math.idiv(micros, 58);
  }
}
