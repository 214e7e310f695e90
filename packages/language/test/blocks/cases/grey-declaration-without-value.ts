let later: number
later = 3
basic.showNumber(later)
