let readings = [10, 20, 30]
serial.writeNumbers(readings)
serial.writeNumbers([1, 2])
