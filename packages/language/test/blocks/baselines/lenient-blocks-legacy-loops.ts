let list = [4, 5]
for (let i = 0; i <= 3; i++) {
    basic.showNumber(i)
}
for (let item of list) {
    basic.showNumber(item)
}
