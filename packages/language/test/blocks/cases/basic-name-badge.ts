input.onButtonPressed(Button.A, function () {
    basic.showString("Sam")
})
input.onButtonPressed(Button.B, function () {
    basic.showIcon(IconNames.Happy)
})
basic.showString("Hello!")
basic.forever(function () {
    basic.showIcon(IconNames.Heart)
    basic.clearScreen()
})
