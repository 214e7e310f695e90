let twice = (x: number) => x * 2
basic.showNumber(twice(3))
