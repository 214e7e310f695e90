function countDown(n: number, text: string) {
    if (n > 0) {
        n--
        countDown(n, text)
    }
    text += "!"
    basic.showString(text)
    basic.showNumber(n)
}
countDown(3, "go")
