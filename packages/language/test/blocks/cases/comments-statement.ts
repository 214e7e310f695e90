// show a heart
basic.showIcon(IconNames.Heart)
