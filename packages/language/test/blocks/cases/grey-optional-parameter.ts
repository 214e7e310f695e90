function greet(name?: string) {
    basic.showString("hi")
}
greet()
