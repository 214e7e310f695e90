function first(list: number[]) {
    return list[0]
}
basic.showNumber(first([1]))
