t = "banana"
serial.write_line(str(t.find("an")) + " " + str(t.find("x")) + " " + str(t.index("n")))
serial.write_line(str(t.startswith("ba")) + str(t.endswith("na")) + t.upper() + t.lower())
serial.write_line(t.strip() + " " + str(t.rfind("a")))
serial.write_line(t[1] + t[-2:] + t[:-2])
serial.write_line(str(len(t)) + " " + t.split("n")[0])
