steps = 0
def on_gesture_shake():
    global steps
    steps += 1
    led.toggle(4, 0)
input.on_gesture(Gesture.SHAKE, on_gesture_shake)
def on_button_pressed_a():
    basic.show_number(steps)
input.on_button_pressed(Button.A, on_button_pressed_a)
def on_button_pressed_ab():
    global steps
    steps = 0
    basic.show_icon(IconNames.YES)
    basic.pause(500)
    basic.clear_screen()
input.on_button_pressed(Button.AB, on_button_pressed_ab)
basic.show_icon(IconNames.TARGET)
