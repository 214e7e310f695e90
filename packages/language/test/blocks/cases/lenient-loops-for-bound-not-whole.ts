let n = 2.5
for (let i = 0; i < n; i++) {
    basic.showNumber(i)
}
let m = 3
m += 1
for (let j = 0; j < m; j++) {
    basic.showNumber(j)
}
