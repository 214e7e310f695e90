let hand = 0;
input.onGesture(Gesture.Shake, function () {
  hand = randint(1, 3);
  if (hand == 1) {
    basic.showLeds(`
            . . . . .
            . # # # .
            . # # # .
            . # # # .
            . . . . .
            `);
  } else if (hand == 2) {
    basic.showLeds(`
            # # # # #
            # . . . #
            # . . . #
            # . . . #
            # # # # #
            `);
  } else {
    basic.showIcon(IconNames.Scissors);
  }
});
basic.showString('RPS');
