input.onButtonPressed(Button.AB, function () {
    basic.showString("AB")
})
