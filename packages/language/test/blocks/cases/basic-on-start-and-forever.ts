basic.showString("Hi")
basic.forever(function () {
    basic.showNumber(control.millis())
})
