let list = [1, 2]
for (let key in list) {
    basic.showString(key)
}
