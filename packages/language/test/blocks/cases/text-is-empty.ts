let word = ""
if (word.isEmpty()) {
    basic.showIcon(IconNames.No)
}
