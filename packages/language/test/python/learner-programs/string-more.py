t = "micro bit"
serial.write_line(t.capitalize())
serial.write_line(str(t.count("i")))
serial.write_line(str(t.is_empty()))
serial.write_line(str(t.rfind("i")) + " " + str(t.rfind("z")))
serial.write_line(t.split(" ")[1])
serial.write_line(str(t.index("b")))
word = "banana"
serial.write_line(str(word.count("an")) + word.capitalize())
