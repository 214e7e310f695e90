for (let index = 0; index < 3; index++) {
    for (let index = 0; index < 2; index++) {
        basic.showIcon(IconNames.Heart)
    }
    basic.clearScreen()
}
