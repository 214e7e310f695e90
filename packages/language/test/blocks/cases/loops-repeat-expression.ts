let times = 3
for (let index = 0; index < times + 1; index++) {
    basic.showString("x")
}
