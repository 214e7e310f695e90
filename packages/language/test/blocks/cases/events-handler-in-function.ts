function setup() {
    control.inBackground(function () {
        basic.showNumber(1)
    })
}
setup()
