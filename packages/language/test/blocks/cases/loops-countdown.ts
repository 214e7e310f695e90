let count = 10
while (count > 0) {
    basic.showNumber(count)
    count += -1
}
basic.showIcon(IconNames.Skull)
