let n = 2
switch (n) {
    case 1:
        basic.showString("one")
        break
    default:
        basic.showString("other")
}
