function square(n: number) {
    let result = n * n
    return result
}
basic.showNumber(square(4))
