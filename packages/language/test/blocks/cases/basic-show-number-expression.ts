basic.showNumber(1 + 2 * 3)
