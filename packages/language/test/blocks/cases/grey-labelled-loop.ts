outer: for (let index = 0; index < 3; index++) {
    break outer
}
