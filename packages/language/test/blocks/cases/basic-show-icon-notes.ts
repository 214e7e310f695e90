basic.showIcon(IconNames.EighthNote)
basic.showIcon(IconNames.EigthNote)
basic.showIcon(IconNames.QuarterNote)
basic.showIcon(IconNames.Scissors)
