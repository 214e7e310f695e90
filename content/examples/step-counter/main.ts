let steps = 0;
input.onGesture(Gesture.Shake, function () {
  steps += 1;
  led.toggle(4, 0);
});
input.onButtonPressed(Button.A, function () {
  basic.showNumber(steps);
});
input.onButtonPressed(Button.AB, function () {
  steps = 0;
  basic.showIcon(IconNames.Yes);
  basic.pause(500);
  basic.clearScreen();
});
basic.showIcon(IconNames.Target);
