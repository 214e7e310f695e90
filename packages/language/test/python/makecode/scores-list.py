scores: List[number] = []
names = ["Ann", "Bo", "Cy"]
total = 0

def add_score(value: number):
    scores.append(value)

def average():
    global total
    total = 0
    for value in scores:
        total += value
    if len(scores) == 0:
        return 0
    return total / len(scores)

add_score(4)
add_score(8)
add_score(6)
scores.insert(0, 2)
serial.write_line("first " + str(scores[0]) + " of " + str(len(scores)))
serial.write_line("average " + str(average()))
last = scores.pop()
serial.write_line("popped " + str(last))
scores.remove_at(0)
serial.write_line("index of 8: " + str(scores.index(8)))
scores.reverse()
for index in range(len(names)):
    serial.write_line(names[index] + " " + str(index))
names[1] = "Bea"
serial.write_line(names[1])
