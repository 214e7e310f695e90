let pin = DigitalPin.P1
let speaker = AnalogPin.P2
basic.showNumber(pin)
basic.showNumber(speaker)
