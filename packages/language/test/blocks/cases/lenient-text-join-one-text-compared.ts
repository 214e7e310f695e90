if ("x" == "" + "hi ") {
    basic.showNumber(1)
}
