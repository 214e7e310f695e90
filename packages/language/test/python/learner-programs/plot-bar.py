for x in range(5):
    led.plot(x, x)
    basic.pause(100)
for x2 in range(5):
    led.unplot(x2, x2)
led.plot_bar_graph(3, 5)
basic.pause(200)
basic.clear_screen()
for y in range(0, 5, 2):
    for x3 in range(5):
        led.plot(x3, y)
serial.write_line(str(led.point(0, 0)))
