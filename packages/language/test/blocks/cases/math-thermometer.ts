let high = 0
let low = 0
high = 30
low = 10
basic.forever(function () {
    basic.showNumber(Math.round((high + low) / 2))
})
