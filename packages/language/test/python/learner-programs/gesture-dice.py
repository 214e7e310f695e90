rolls = 0

def on_gesture_shake():
    global rolls
    rolls += 1
    value = randint(1, 6)
    basic.show_number(value)
input.on_gesture(Gesture.SHAKE, on_gesture_shake)

def on_button_pressed_a():
    basic.show_string("R" + str(rolls))
input.on_button_pressed(Button.A, on_button_pressed_a)
basic.show_leds("""
    . . . . .
    . # . # .
    . . . . .
    # . . . #
    . # # # .
    """)
