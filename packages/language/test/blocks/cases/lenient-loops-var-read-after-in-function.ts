function firstFree(list: number[]) {
    for (var i = 0; i < list.length; i++) {
        if (list[i] == 0) {
            break
        }
    }
    return i
}
basic.showNumber(firstFree([3, 0, 1]))
