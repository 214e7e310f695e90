let start = 0;
let waiting = false;
input.onButtonPressed(Button.A, function () {
  if (waiting) {
    waiting = false;
    basic.showNumber(input.runningTime() - start);
  } else {
    basic.showIcon(IconNames.No);
  }
});
input.onButtonPressed(Button.B, function () {
  basic.clearScreen();
  basic.pause(randint(1000, 4000));
  led.plot(2, 2);
  start = input.runningTime();
  waiting = true;
});
basic.showString('B');
