items = [3, 1, 2]
serial.write_line(str(items.index(2)) + " " + str(items.pop(1)) + " " + str(len(items)))
items.insert(-1, 9)
serial.write_line(str(items[0]) + " " + str(items[1]) + " " + str(items[len(items) - 1]))
items.remove(3)
serial.write_line(str(len(items)) + " " + str(items[0]))
words = ["hi", "yo"]
serial.write_line(str("yo" in words) + str("no" in words) + str("y" in "yo"))
serial.write_line(str(abs(-2.5)) + " " + str(int("42")) + " " + str(3.0) + " " + str(7 / 2))
serial.write_line(str(min(-1, 1)) + " " + str(max(2.5, 2)))
last = items.pop()
serial.write_line(str(last) + " " + str(len(items)))
