basic.showNumber(-7)
