input.onButtonPressed(Button.A, () => {
    basic.showNumber(1)
})
basic.forever(() => basic.showNumber(2))
