for (let x = 0; x <= 4; x++) {
    for (let y = 0; y <= 4; y++) {
        serial.writeValue("x", x * 5 + y)
    }
}
