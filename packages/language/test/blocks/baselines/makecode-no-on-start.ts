input.onButtonPressed(Button.A, function () {
})
