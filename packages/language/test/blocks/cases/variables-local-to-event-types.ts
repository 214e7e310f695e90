input.onButtonPressed(Button.A, function () {
    let name = "Ann"
    let done = true
    let list = [1]
    basic.showString(name)
})
