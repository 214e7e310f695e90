function greet(who: string, times: number) {
    for (let index = 0; index < times; index++) {
        basic.showString(who)
    }
}
greet("Ann", 2)
