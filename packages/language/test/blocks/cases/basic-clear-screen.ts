basic.showIcon(IconNames.Square)
basic.clearScreen()
