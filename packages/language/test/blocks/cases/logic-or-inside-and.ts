let a = true
let b = false
let c = true
if (a && (b || c)) {
    basic.showIcon(IconNames.Yes)
}
