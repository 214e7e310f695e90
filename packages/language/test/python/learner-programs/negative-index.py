items = [4, 5, 6]
word = "hello"
serial.write_line(str(items[-1]))
serial.write_line(word[-1])
serial.write_line(str(items[1:]))
serial.write_line(str(items[:2]))
serial.write_line(word[1:3] + word[:2] + word[3:])
serial.write_line(str(len(items[0:0])))
