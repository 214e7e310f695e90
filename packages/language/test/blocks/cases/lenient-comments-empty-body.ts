input.onButtonPressed(Button.A, function () {
    // todo
})
if (true) {
    // nothing yet
}
