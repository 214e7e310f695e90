let a = true
let b = false
if (a && b || !a) {
    basic.showIcon(IconNames.Yes)
}
