total = 0
for i in range(1, 4):
    for j in range(i):
        total += i * j
serial.write_value("total", total)
row = ""
for k in range(10, 0, -3):
    row = row + str(k) + " "
serial.write_line(row)
count = 0
while True:
    count += 1
    if count == 3:
        continue
    if count > 5:
        break
    serial.write_value("c", count)
