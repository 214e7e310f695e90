log: List[number] = []

def record():
    t = input.temperature()
    log.append(t)
    return t

def on_button_pressed_a():
    reading = record()
    serial.write_value("t", reading)
    if len(log) > 1:
        serial.write_line("change " + str(log[len(log) - 1] - log[len(log) - 2]))
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    total = 0
    for t in log:
        total += t
    serial.write_line("n=" + str(len(log)) + " sum=" + str(total))
input.on_button_pressed(Button.B, on_button_pressed_b)
record()
