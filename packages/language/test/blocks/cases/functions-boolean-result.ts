function isEven(n: number) {
    return n % 2 == 0
}
if (isEven(4)) {
    basic.showIcon(IconNames.Yes)
}
