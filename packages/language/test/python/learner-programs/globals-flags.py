running = False
ticks = 0
speed = 100

def on_button_pressed_a():
    global running
    running = not running
    serial.write_line("running " + str(running))
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    global speed
    speed = speed * 2

input.on_button_pressed(Button.B, on_button_pressed_b)

def on_forever():
    global ticks
    if running:
        ticks += 1
        led.toggle(ticks % 5, 2)
    basic.pause(speed)
basic.forever(on_forever)

def on_button_pressed_ab():
    serial.write_value("ticks", ticks)
input.on_button_pressed(Button.AB, on_button_pressed_ab)
