let done = false
while (!done) {
    done = input.buttonIsPressed(Button.A)
}
