count = 0
radio.set_group(7)

def on_received_number(receivedNumber):
    global count
    count += receivedNumber
    basic.show_number(count)
radio.on_received_number(on_received_number)

def on_received_string(receivedString):
    basic.show_string(receivedString)
radio.on_received_string(on_received_string)

def on_received_value(name, value):
    serial.write_value(name, value)
radio.on_received_value(on_received_value)

def on_button_pressed_a():
    radio.send_number(1)
input.on_button_pressed(Button.A, on_button_pressed_a)

def on_button_pressed_ab():
    radio.send_string("hello")
    radio.send_value("temp", input.temperature())
input.on_button_pressed(Button.AB, on_button_pressed_ab)

def on_gesture_shake():
    radio.send_number(randint(1, 6))
input.on_gesture(Gesture.SHAKE, on_gesture_shake)
