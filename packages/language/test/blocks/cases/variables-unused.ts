let spare: number = 0
basic.showNumber(1)
