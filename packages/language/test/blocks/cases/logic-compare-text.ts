let name = "Ann"
if (name == "Bob") {
    basic.showString("hi Bob")
}
