while (true) {
    basic.showIcon(IconNames.Ghost)
    basic.pause(100)
}
