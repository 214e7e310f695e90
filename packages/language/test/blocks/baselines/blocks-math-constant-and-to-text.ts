basic.showNumber(Math.PI)
basic.showString(convertToText(Math.SQRT2))
basic.showIcon(IconNames.EighthNote)
