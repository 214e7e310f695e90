let name: string = ""
let done: boolean = false
let list: number[] = []
input.onButtonPressed(Button.A, function () {
    name = "Ann"
    done = true
    list = [1]
})
basic.forever(function () {
    if (done) {
        basic.showString(name)
        basic.showNumber(list.length)
    }
})
