let start = control.millis()
basic.pause(100)
basic.showNumber(control.millis() - start)
