basic.forever(function () {
})
