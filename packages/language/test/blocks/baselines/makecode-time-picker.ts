basic.forever(function () {
    basic.showNumber(7)
    basic.pause(500)
})
