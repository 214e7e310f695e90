for (let index = 0; index <= 2; index++) {
    basic.showNumber(index)
}
for (let index = 0; index <= 3; index++) {
    serial.writeNumber(index)
}
