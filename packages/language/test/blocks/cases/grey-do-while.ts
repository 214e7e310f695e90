let n = 0
do {
    n += 1
} while (n < 3)
