let point = { x: 1, y: 2 }
basic.showNumber(point.x)
