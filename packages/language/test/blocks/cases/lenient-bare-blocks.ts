{
    let x = 1
    basic.showNumber(x)
}
{
    let x = "a"
    basic.showString(x)
}
