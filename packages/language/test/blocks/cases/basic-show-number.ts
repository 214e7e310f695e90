basic.showNumber(42)
