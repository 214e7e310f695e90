ticks = 0
running = True

def on_in_background():
    global ticks
    while running:
        ticks += 1
        basic.pause(100)
control.in_background(on_in_background)

def on_forever():
    if ticks >= 5:
        serial.write_line("ticks " + str(ticks))
        basic.pause(1000)
basic.forever(on_forever)

def on_button_pressed_b():
    global running
    running = False
    control.reset()
input.on_button_pressed(Button.B, on_button_pressed_b)
