basic.forever(function () {
    if (input.buttonIsPressed(Button.A)) {
        if (input.buttonIsPressed(Button.B)) {
            basic.showString("AB")
        } else {
            basic.showString("A")
        }
    }
})
