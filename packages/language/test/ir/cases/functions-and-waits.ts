// Which functions can wait (pause, loops, calls to waiting functions) and which stay plain.
function add(a: number, b = 10): number {
    return a + b
}
function blink(times: number) {
    for (let i = 0; i < times; i++) {
        basic.showIcon(IconNames.Heart)
        basic.pause(100)
    }
}
function twice() {
    blink(2)
}
function sum(...values: number[]): number {
    return values.length == 0 ? 0 : values[0] + sum(...values.slice(1))
}
function factorial(n: number): number {
    return n <= 1 ? 1 : n * factorial(n - 1)
}
twice()
basic.showNumber(add(1) + sum(1, 2, 3) + factorial(5))
let show = blink
show(3)
