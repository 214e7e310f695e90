start = 0
waiting = False
def on_button_pressed_a():
    global waiting
    if waiting:
        waiting = False
        basic.show_number(input.running_time() - start)
    else:
        basic.show_icon(IconNames.NO)
input.on_button_pressed(Button.A, on_button_pressed_a)
def on_button_pressed_b():
    global start, waiting
    basic.clear_screen()
    basic.pause(randint(1000, 4000))
    led.plot(2, 2)
    start = input.running_time()
    waiting = True
input.on_button_pressed(Button.B, on_button_pressed_b)
basic.show_string("B")
