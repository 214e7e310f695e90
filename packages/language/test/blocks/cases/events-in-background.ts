control.inBackground(function () {
    basic.showString("working")
})
