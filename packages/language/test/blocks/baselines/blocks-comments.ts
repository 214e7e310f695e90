// A note for the class

// button B
input.onButtonPressed(Button.B, function () {
})
// first a number
// then more
basic.showNumber(1)
