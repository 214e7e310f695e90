let roll = randint(1, 6)
basic.showNumber(roll)
