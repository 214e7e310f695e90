// what button A does
input.onButtonPressed(Button.A, function () {
    basic.showNumber(1)
})
