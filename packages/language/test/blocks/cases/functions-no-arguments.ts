function flash() {
    basic.showIcon(IconNames.Heart)
    basic.clearScreen()
}
flash()
