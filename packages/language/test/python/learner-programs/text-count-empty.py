word = "42"
serial.write_line(str(word.count("")) + " " + str("".count("")) + " " + str(word.count("4")))
nothing = ""
serial.write_line(str(word.count(nothing)) + " " + str(nothing.count(nothing)) + " " + str("aXbX".count("X")))
