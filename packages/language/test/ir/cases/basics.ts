// Globals, library calls that wait, enums, an LED picture and a hex buffer.
let score = 0
let name = "micro:bit"
basic.showNumber(score)
basic.showIcon(IconNames.Heart)
basic.showLeds(`
    . # . # .
    # # # # #
    # # # # #
    . # # # .
    . . # . .
    `)
let sound = hex`0a 0B ff`
led.plot(2, 2)
serial.writeLine(name + ": " + score)
score = input.lightLevel() * 2
