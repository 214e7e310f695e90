# Functions with and without type annotations, called from handlers and from the start.
def square(n: number):
    return n * n

def draw_row(row: number, count: number):
    for column in range(count):
        led.plot(column, row)

def clear_row(row):
    for column in range(5):
        led.unplot(column, row)

def on_button_pressed_a():
    draw_row(0, 5)
    basic.pause(200)
    clear_row(0)
input.on_button_pressed(Button.A, on_button_pressed_a)

index = 1
while index <= 3:
    serial.write_line(str(square(index)))
    index += 1
draw_row(2, 3)
