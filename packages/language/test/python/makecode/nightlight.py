threshold = 100
led.set_brightness(255)

def on_forever():
    level = input.light_level()
    if level < threshold:
        basic.show_icon(IconNames.SQUARE)
    elif level < threshold * 2:
        basic.show_icon(IconNames.SMALL_SQUARE)
    else:
        basic.clear_screen()
    led.plot_bar_graph(input.temperature(), 40)
    basic.pause(100)
basic.forever(on_forever)

def on_button_pressed_a():
    global threshold
    threshold = max(0, threshold - 10)
    basic.show_number(threshold)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_b():
    global threshold
    threshold = min(255, threshold + 10)
input.on_button_pressed(Button.B, on_button_pressed_b)
