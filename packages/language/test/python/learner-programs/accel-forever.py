def on_forever():
    x = input.acceleration(Dimension.X)
    if x > 200:
        basic.show_arrow(ArrowNames.EAST)
    elif x < -200:
        basic.show_arrow(ArrowNames.WEST)
    else:
        basic.show_icon(IconNames.SQUARE)
    serial.write_value("x", x)
    basic.pause(500)
basic.forever(on_forever)
