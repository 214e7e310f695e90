for (let word of ["a", "b", "c"]) {
    basic.showString(word)
}
