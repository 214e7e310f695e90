function helper() {
    basic.showNumber(0)
}
input.onButtonPressed(Button.A, function () {
    helper()
})
basic.showString("start")
basic.forever(function () {
    basic.pause(20)
})
control.inBackground(function () {
    basic.pause(20)
})
