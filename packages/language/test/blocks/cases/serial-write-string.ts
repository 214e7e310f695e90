serial.writeString("abc")
