let x = 5
function show() {
    let x = 2
    basic.showNumber(x)
}
show()
basic.showNumber(x)
