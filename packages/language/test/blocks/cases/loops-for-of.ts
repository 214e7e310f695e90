let list = [1, 2, 3]
for (let value of list) {
    basic.showNumber(value)
}
