input.onButtonPressed(Button.A, function () {
    basic.showString("A")
})
input.onButtonPressed(Button.B, function () {
    basic.showString("B")
})
input.onButtonPressed(Button.AB, function () {
    basic.showString("AB")
})
