def on_button_pressed_a():
    led.plot_bar_graph(input.temperature(), 40)
    basic.pause(2000)
input.on_button_pressed(Button.A, on_button_pressed_a)
def on_forever():
    basic.show_number(input.temperature())
    basic.show_string("C")
    basic.pause(1000)
basic.forever(on_forever)
