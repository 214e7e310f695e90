let total: number = 0
// add one
total += 1
