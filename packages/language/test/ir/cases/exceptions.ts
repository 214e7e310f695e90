// try/catch/finally and throw; a catch without a name; destructuring a caught value.
function risky(n: number): number {
    if (n > 3) throw "too big"
    return n
}
let log = ""
try {
    log += risky(5)
} catch (e) {
    log += "caught " + e
} finally {
    log += "!"
}
try {
    risky(9)
} catch {
    log += "?"
}
serial.writeLine(log)
