let n = 0
while (true) {
    n += 1
    if (n > 10) {
        break
    }
}
