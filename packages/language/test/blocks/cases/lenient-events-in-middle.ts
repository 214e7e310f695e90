basic.showString("a")
input.onButtonPressed(Button.A, function () {
    basic.showString("b")
})
basic.showString("c")
