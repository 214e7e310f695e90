let top = 6
basic.showNumber(randint(0, top - 1))
