let n = 4
serial.writeLine("" + n)
