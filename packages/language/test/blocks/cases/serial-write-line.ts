serial.writeLine("hello")
