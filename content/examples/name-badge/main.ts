let name = 'Sam';
basic.showString('Hi!');
input.onButtonPressed(Button.A, function () {
  basic.showIcon(IconNames.Happy);
  basic.pause(1000);
});
input.onButtonPressed(Button.B, function () {
  basic.showIcon(IconNames.Heart);
  basic.pause(1000);
});
basic.forever(function () {
  basic.showString(name);
  basic.pause(500);
});
