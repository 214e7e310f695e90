basic.showArrow(0)
