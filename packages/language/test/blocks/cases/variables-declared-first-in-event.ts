let count: number = 0
input.onButtonPressed(Button.A, function () {
    count += 1
})
basic.forever(function () {
    basic.showNumber(count)
})
