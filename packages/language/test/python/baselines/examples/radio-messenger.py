radio.set_group(7)
def on_button_pressed_a():
    radio.send_string("Hello")
    basic.show_icon(IconNames.YES)
input.on_button_pressed(Button.A, on_button_pressed_a)
def on_button_pressed_b():
    radio.send_number(1)
    basic.show_icon(IconNames.YES)
input.on_button_pressed(Button.B, on_button_pressed_b)
def on_received_string(receivedString):
    basic.show_string(receivedString)
radio.on_received_string(on_received_string)
def on_received_number(receivedNumber):
    if receivedNumber == 1:
        basic.show_icon(IconNames.HEART)
radio.on_received_number(on_received_number)
basic.show_string("7")
