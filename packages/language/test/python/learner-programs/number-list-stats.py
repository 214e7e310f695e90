readings = [3, 9, 4, 1, 7]
biggest = readings[0]
smallest = readings[0]
for r in readings:
    if r > biggest:
        biggest = r
    if r < smallest:
        smallest = r
serial.write_value("max", biggest)
serial.write_value("min", smallest)
readings.append(10)
readings.remove_at(0)
serial.write_line(str(readings.index(7)))
serial.write_line(str(len(readings)))
readings.sort()
serial.write_line(str(readings[0]) + " " + str(readings[len(readings) - 1]))
