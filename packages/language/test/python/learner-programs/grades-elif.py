def grade(score: number):
    if score >= 90:
        return "A"
    elif score >= 75:
        return "B"
    elif score >= 50:
        return "C"
    else:
        return "F"

for s in [95, 80, 60, 10, 75]:
    serial.write_line(str(s) + " " + grade(s))
