// A loop that never ends inside a sort comparator: the engine calls it synchronously.
serial.writeLine("start")
let list = [3, 1, 2]
list.sort((a, b) => {
    while (true) { }
    return a - b
})
serial.writeLine("never")
