let n = 0
n++
n--
++n
n -= 3
n -= n
