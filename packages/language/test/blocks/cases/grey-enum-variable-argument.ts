let button = Button.A
basic.showNumber(input.buttonIsPressed(button) ? 1 : 0)
input.onButtonPressed(button, function () {
    basic.showNumber(1)
})
