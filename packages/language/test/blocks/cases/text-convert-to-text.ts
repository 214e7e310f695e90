let reading = convertToText(input.temperature())
basic.showString(convertToText(true))
basic.showString(reading)
basic.showString(convertToText(5))
