function nothing() {
}
nothing()
