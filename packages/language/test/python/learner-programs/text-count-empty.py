word = "42"
serial.write_line(str(word.count("")) + " " + str("".count("")) + " " + str(word.count("4")))
