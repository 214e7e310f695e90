steps = 0

def on_gesture_shake():
    global steps
    steps += 1
    basic.show_number(steps)
input.on_gesture(Gesture.SHAKE, on_gesture_shake)

def on_button_pressed_a():
    global steps
    steps = 0
    basic.show_icon(IconNames.YES)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_every_interval():
    serial.write_line("x=" + str(input.acceleration(Dimension.X)) + " steps=" + str(steps))
loops.every_interval(500, on_every_interval)

def on_forever():
    if input.button_is_pressed(Button.B):
        basic.show_number(input.compass_heading())
    basic.pause(100)
basic.forever(on_forever)
