input.onButtonPressed(Button.A, function () {
    if (input.buttonIsPressed(Button.B)) {
        return
    }
    basic.showNumber(1)
})
