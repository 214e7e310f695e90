reading = 0

def on_pin_pressed_p0():
    basic.show_string("P0")
input.on_pin_pressed(TouchPin.P0, on_pin_pressed_p0)

def on_forever():
    global reading
    reading = pins.analog_read_pin(AnalogPin.P1)
    pins.analog_write_pin(AnalogPin.P2, pins.map(reading, 0, 1023, 0, 512))
    if reading > 512:
        pins.digital_write_pin(DigitalPin.P0, 1)
    else:
        pins.digital_write_pin(DigitalPin.P0, 0)
    led.plot_bar_graph(reading, 1023)
    serial.write_value("reading", reading)
    basic.pause(200)
basic.forever(on_forever)
