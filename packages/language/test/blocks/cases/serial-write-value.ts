serial.writeValue("x", 5)
