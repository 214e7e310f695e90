input.onButtonPressed(Button.A, function () {
    score += 1
})
let score = 0
basic.forever(function () {
    basic.showNumber(score)
})
