function later() {
}
input.onButtonPressed(Button.A, function () {
})
input.onButtonPressed(Button.B, function () {
})
basic.clearScreen()
basic.forever(function () {
    basic.clearScreen()
})
