basic.forever(function () {
    if (input.buttonIsPressed(Button.A)) {
        // pressed
        basic.showIcon(IconNames.Yes)
    } else {
        // not pressed
        basic.clearScreen()
    }
})
