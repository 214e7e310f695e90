let on = true
on = false
if (!on) {
    on = true
}
