names = ["ann", "bob"]
for name in names:
    serial.write_line(name)
serial.write_line("last " + name)
scores = [3, 8]
for score in scores:
    pass
serial.write_value("score", score)
for i in range(4):
    pass
serial.write_value("i", i)
for j in range(10, 0, -2):
    pass
serial.write_value("j", j)
