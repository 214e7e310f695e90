function show(n: number, t: string) {
    for (let i = 0; i < 2; i++) {
        let t = n + i
        basic.showNumber(t)
    }
    basic.showString(t)
}
show(1, "a")
