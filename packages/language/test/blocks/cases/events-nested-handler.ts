input.onButtonPressed(Button.A, function () {
    input.onButtonPressed(Button.B, function () {
        basic.showString("B after A")
    })
    basic.showString("A")
})
