line = "the quick  brown fox"
parts = line.split()
serial.write_line(str(len(parts)))
serial.write_line(str("apple" < "banana"))
serial.write_line(str(int("3") * 2) + " " + str(len(line.split(" "))))
serial.write_line(line.upper().replace("QUICK", "slow"))
