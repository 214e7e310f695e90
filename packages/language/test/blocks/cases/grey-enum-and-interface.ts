enum Mode {
    Fast,
    Slow
}
interface Thing {
    name: string
}
let mode = Mode.Fast
