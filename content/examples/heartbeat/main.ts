let beat = 600;
input.onButtonPressed(Button.A, function () {
  beat = Math.max(200, beat - 100);
});
input.onButtonPressed(Button.B, function () {
  beat = Math.min(1200, beat + 100);
});
basic.forever(function () {
  basic.showIcon(IconNames.Heart);
  basic.pause(beat / 3);
  basic.showIcon(IconNames.SmallHeart);
  basic.pause((beat * 2) / 3);
});
