basic.forever(function () {
    basic.showNumber(1)
})
basic.forever(function () {
    basic.pause(100)
})
