function celebrate(times: number) {
    for (let index = 0; index < times; index++) {
        basic.showIcon(IconNames.Happy)
        basic.showIcon(IconNames.Heart)
    }
}
input.onButtonPressed(Button.A, function () {
    celebrate(2)
})
input.onButtonPressed(Button.B, function () {
    celebrate(3)
})
