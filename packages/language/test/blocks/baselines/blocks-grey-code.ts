class Pet {
    name = "Rex"
}
basic.showNumber(1)
