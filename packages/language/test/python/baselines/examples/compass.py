heading = 0
def on_forever():
    global heading
    heading = input.compass_heading()
    if heading < 45 or heading >= 315:
        basic.show_arrow(ArrowNames.NORTH)
    elif heading < 135:
        basic.show_arrow(ArrowNames.WEST)
    elif heading < 225:
        basic.show_arrow(ArrowNames.SOUTH)
    else:
        basic.show_arrow(ArrowNames.EAST)
basic.forever(on_forever)
