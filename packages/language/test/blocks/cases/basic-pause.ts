basic.pause(1000)
