let speed = 300
speed = Math.constrain(speed, 0, 255)
