input.onButtonPressed(Button.A, function () {
    for (let value of names) {
        basic.showString(value)
    }
})
let names = ["Ann", "Bob"]
