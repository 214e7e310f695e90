let word = "hello"
if (word.includes("ell")) {
    basic.showIcon(IconNames.Yes)
}
