function describe(n: number, s: string, b: boolean, list: any[]) {
    if (b) {
        basic.showString("" + s + n + list.length)
    }
}
describe(1, "a", true, [1, 2])
