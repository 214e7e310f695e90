input.onButtonPressed(Button.A, function () {
    // count the press
    basic.showNumber(1)
    // then clear
    basic.clearScreen()
})
