beat = 600
def on_button_pressed_a():
    global beat
    beat = max(200, beat - 100)
input.on_button_pressed(Button.A, on_button_pressed_a)
def on_button_pressed_b():
    global beat
    beat = min(1200, beat + 100)
input.on_button_pressed(Button.B, on_button_pressed_b)
def on_forever():
    basic.show_icon(IconNames.HEART)
    basic.pause(beat / 3)
    basic.show_icon(IconNames.SMALL_HEART)
    basic.pause((beat * 2) / 3)
basic.forever(on_forever)
