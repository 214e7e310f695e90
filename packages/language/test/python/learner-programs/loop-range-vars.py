size = 3
for i in range(size):
    serial.write_value("i", i)
start = 2
for j in range(start, start + 3):
    serial.write_value("j", j)
letters = "abc"
for index in range(len(letters)):
    serial.write_line(letters[index])
for n in range(size + 1):
    pass
serial.write_value("n", n)
