input.onButtonPressed(Button.A, function () {
    let i = 1
    basic.showNumber(i)
})
input.onButtonPressed(Button.B, function () {
    let i = 2
    basic.showNumber(i)
})
