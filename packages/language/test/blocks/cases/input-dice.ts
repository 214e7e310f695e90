input.onButtonPressed(Button.A, function () {
    basic.showNumber(randint(1, 6))
})
