basic.showNumber(Math.map(512, 0, 1023, 0, 4))
