serial.writeNumber(42)
