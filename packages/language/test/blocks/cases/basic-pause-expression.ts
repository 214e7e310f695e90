let delay = 100
basic.pause(delay * 2)
