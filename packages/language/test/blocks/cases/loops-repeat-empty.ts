for (let index = 0; index < 10; index++) {
}
