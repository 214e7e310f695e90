basic.showNumber(distance.readCm(DigitalPin.P1, DigitalPin.P2))
