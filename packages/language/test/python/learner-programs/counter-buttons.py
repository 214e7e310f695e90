count = 0

def on_button_pressed_a():
    global count
    count += 1
    basic.show_number(count)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    global count
    count = 0
    basic.clear_screen()
    serial.write_line("reset")
input.on_button_pressed(Button.B, on_button_pressed_b)

basic.show_icon(IconNames.HAPPY)
