input.onButtonPressed(Button.A, function () {
    score += 1
    basic.showLeds(`
        . . . . .
        . # . # .
        . . . . .
        # . . . #
        . # # # .
        `)
})
let score = 0
basic.showString("Go!")
basic.forever(function () {
    basic.showNumber(score)
    basic.pause(100)
})
