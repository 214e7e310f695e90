let list = [3, 1, 2]
let total = 0
for (let index = 0; index <= list.length - 1; index++) {
    total += list[index]
}
basic.showNumber(total)
