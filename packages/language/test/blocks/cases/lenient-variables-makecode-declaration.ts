let count = 0
input.onButtonPressed(Button.A, function () {
    count += 1
})
