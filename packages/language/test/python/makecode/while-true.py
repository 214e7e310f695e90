# A loop that never ends, written with while True instead of forever.
x = 0
y = 0
while True:
    led.toggle(x, y)
    x += 1
    if x > 4:
        x = 0
        y += 1
    if y > 4:
        y = 0
        serial.write_line("full turn")
    basic.pause(20)
