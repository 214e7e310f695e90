t = "a-b-c"
parts = t.rsplit("-")
serial.write_line(str(len(parts)) + parts[2] + " " + str(t.rindex("-")))
lines = "one\ntwo\nthree"
rows = lines.splitlines()
serial.write_line(str(len(rows)) + rows[1])
ends = "x\ny\n"
serial.write_line(str(len(ends.splitlines())) + str(len("".splitlines())))
