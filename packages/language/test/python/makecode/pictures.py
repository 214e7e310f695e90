smile = images.create_image("""
    . . . . .
    . # . # .
    . . . . .
    # . . . #
    . # # # .
    """)
arrow = images.arrow_image(ArrowNames.NORTH)
basic.show_leds("""
    # . . . #
    . # . # .
    . . # . .
    . # . # .
    # . . . #
    """)
basic.pause(500)
smile.show_image(0)
basic.pause(500)
arrow.show_image(0)
images.icon_image(IconNames.HEART).show_image(0)
big = images.create_big_image("""
    . # . . . . . . # .
    # # # . . . . # # #
    . # . . . . . . # .
    . # . . . . . . # .
    . # . . . . . . # .
    """)
big.scroll_image(1, 100)
serial.write_line("pixel " + str(smile.pixel(1, 1)))
basic.show_icon(IconNames.HAPPY)
basic.show_arrow(ArrowNames.EAST)
