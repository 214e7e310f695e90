roll = 0
def showDots(value: number):
    basic.clear_screen()
    if value % 2 == 1:
        led.plot(2, 2)
    if value >= 2:
        led.plot(0, 0)
        led.plot(4, 4)
    if value >= 4:
        led.plot(4, 0)
        led.plot(0, 4)
    if value == 6:
        led.plot(0, 2)
        led.plot(4, 2)
def on_gesture_shake():
    global roll
    for index in range(6):
        showDots(randint(1, 6))
        basic.pause(80)
    roll = randint(1, 6)
    showDots(roll)
input.on_gesture(Gesture.SHAKE, on_gesture_shake)
basic.show_icon(IconNames.SQUARE)
