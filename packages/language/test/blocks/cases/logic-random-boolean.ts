if (Math.randomBoolean()) {
    basic.showString("heads")
} else {
    basic.showString("tails")
}
