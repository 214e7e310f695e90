input.onButtonPressed(Button.B, function () {
})
