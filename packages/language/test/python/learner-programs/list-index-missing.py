items = [1, 2]
serial.write_line(str(items.index(2)))
serial.write_line(str(items.index(5)))
