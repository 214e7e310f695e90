const limit = 10
let n = 0
n = limit
