let top = 9
for (let index = 0; index <= top - 1; index++) {
    serial.writeNumber(index)
}
