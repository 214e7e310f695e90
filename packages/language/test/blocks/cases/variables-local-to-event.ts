input.onButtonPressed(Button.A, function () {
    let total = 0
    for (let index = 0; index <= 3; index++) {
        total += index
    }
    basic.showNumber(total)
})
