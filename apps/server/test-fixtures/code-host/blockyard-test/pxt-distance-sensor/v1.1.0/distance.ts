/**
 * Ultrasonic distance sensors (HC-SR04 and alike): send a short pulse on the trigger pin and time
 * the echo.
 */
//% color="#0f766e" weight=80 icon="\uf140" block="Distance"
namespace distance {
    /**
     * How far away the nearest thing is, in centimetres (0 when nothing answers).
     * @param trig the pin wired to the sensor's trigger
     * @param echo the pin wired to the sensor's echo
     */
    //% blockId=distance_read_cm block="distance (cm) trigger %trig echo %echo"
    //% trig.defl=DigitalPin.P1 echo.defl=DigitalPin.P2
    export function readCm(trig: DigitalPin, echo: DigitalPin): number {
        pins.digitalWritePin(trig, 0);
        control.waitMicros(2);
        pins.digitalWritePin(trig, 1);
        control.waitMicros(10);
        pins.digitalWritePin(trig, 0);
        const micros = pins.pulseIn(echo, PulseValue.High, 25000);
        return Math.idiv(micros, 58);
    }

    /**
     * Whether something is closer than the given distance.
     */
    //% blockId=distance_is_closer block="something closer than %cm cm at trigger %trig echo %echo"
    //% cm.defl=10 trig.defl=DigitalPin.P1 echo.defl=DigitalPin.P2
    export function isCloserThan(cm: number, trig: DigitalPin, echo: DigitalPin): boolean {
        const d = readCm(trig, echo);
        return d > 0 && d < cm;
    }
}
