name = "Sam"
basic.show_string("Hi!")
def on_button_pressed_a():
    basic.show_icon(IconNames.HAPPY)
    basic.pause(1000)
input.on_button_pressed(Button.A, on_button_pressed_a)
def on_button_pressed_b():
    basic.show_icon(IconNames.HEART)
    basic.pause(1000)
input.on_button_pressed(Button.B, on_button_pressed_b)
def on_forever():
    basic.show_string(name)
    basic.pause(500)
basic.forever(on_forever)
