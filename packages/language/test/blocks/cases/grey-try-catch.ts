try {
    control.panic(1)
} catch (e) {
    basic.showString("oops")
}
