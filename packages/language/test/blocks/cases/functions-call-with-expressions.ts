function add(x: number, y: number) {
    return x + y
}
let n = 2
basic.showNumber(add(n * 2, add(1, n)))
