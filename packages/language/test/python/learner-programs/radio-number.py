radio.set_group(1)

def on_received_number(receivedNumber):
    basic.show_number(receivedNumber)
    serial.write_value("got", receivedNumber)
radio.on_received_number(on_received_number)

def on_button_pressed_a():
    radio.send_number(42)
    basic.show_icon(IconNames.YES)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_received_string(receivedString):
    basic.show_string(receivedString)
radio.on_received_string(on_received_string)

def on_button_pressed_b():
    radio.send_string("hi")
input.on_button_pressed(Button.B, on_button_pressed_b)
