scores = [5, 3, 8, 1]
scores.append(9)
scores.insert(1, 7)
serial.write_line(str(scores.pop()) + " " + str(scores.pop(0)) + " " + str(len(scores)))
scores.remove(8)
serial.write_line(str(scores.index(1)))
scores.reverse()
serial.write_line(str(scores[0]) + " " + str(scores[-1]) + " " + str(scores[-2]))
scores.sort()
for i in range(len(scores)):
    serial.write_line(str(i) + "=" + str(scores[i]))
part = scores[1:3]
serial.write_line(str(len(part)) + " " + str(part[0]))
serial.write_line(str(3 in scores) + str(4 not in scores) + str("b" in "abc") + str("z" not in "abc"))
squares = []
for k in range(4):
    squares.append(k * k)
total = 0
for sq in squares:
    total += sq
serial.write_line(str(total) + " " + str(len(squares)) + " " + str(squares[-1]))
