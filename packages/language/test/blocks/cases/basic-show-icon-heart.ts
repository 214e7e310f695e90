basic.showIcon(IconNames.Heart)
