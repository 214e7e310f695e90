basic.forever(function () {
    serial.writeValue("time", control.millis())
    basic.pause(1000)
})
