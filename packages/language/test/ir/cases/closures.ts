// Closures and what they capture: a counter shared with its handler (boxed), a value only read
// (copied), a loop variable per iteration, a function declared in a block, `this` in an arrow.
function makeCounter() {
    let count = 0
    let step = 2
    input.onButtonPressed(Button.A, function () {
        count += step
        basic.showNumber(count)
    })
    return () => count
}
let read = makeCounter()
for (let i = 0; i < 3; i++) {
    control.inBackground(() => {
        basic.pause(i * 100)
        serial.writeNumber(i)
    })
}
function outer(x: number) {
    function inner(y: number) {
        return x + y
    }
    return inner(1)
}
class Blinker {
    times = 3
    start() {
        basic.forever(() => {
            basic.showNumber(this.times)
        })
    }
}
new Blinker().start()
serial.writeNumber(read() + outer(2))
