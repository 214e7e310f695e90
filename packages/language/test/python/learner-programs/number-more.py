x = 5
x /= 2
serial.write_line(str(x))
y = 3
y **= 2
serial.write_line(str(y) + " " + str(2 ** 3))
z = 17
z //= 5
z %= 2
serial.write_line(str(z) + " " + str(int("3.7")) + " " + str(int(-0.5)))
items = [1]
items.insert(10, 2)
serial.write_line(str(len(items)) + " " + str(items[1]))
serial.write_line(str(1e3) + " " + str(0.1 + 0.2) + " " + str(10 ** 9))
