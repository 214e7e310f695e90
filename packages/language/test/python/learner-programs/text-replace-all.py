t = "banana"
serial.write_line(t.replace("a", "o"))
