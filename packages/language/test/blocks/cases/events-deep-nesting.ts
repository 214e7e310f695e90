input.onButtonPressed(Button.A, function () {
    for (let index = 0; index < 2; index++) {
        if (input.buttonIsPressed(Button.B)) {
            while (input.buttonIsPressed(Button.B)) {
                basic.pause(10)
            }
        } else {
            basic.showIcon(IconNames.Asleep)
        }
    }
})
