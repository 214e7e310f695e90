while (!input.buttonIsPressed(Button.B)) {
    basic.pause(20)
}
basic.showString("go")
