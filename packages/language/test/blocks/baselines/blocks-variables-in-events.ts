let presses: number = 0
let word: string = ""
input.onButtonPressed(Button.A, function () {
    presses += 1
    word = "pressed"
})
basic.forever(function () {
    basic.showString(word)
})
