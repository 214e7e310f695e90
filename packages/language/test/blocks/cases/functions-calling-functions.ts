function a() {
    b()
}
function b() {
    basic.showString("b")
}
input.onButtonPressed(Button.A, function () {
    a()
})
