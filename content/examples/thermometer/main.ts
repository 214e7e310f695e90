input.onButtonPressed(Button.A, function () {
  led.plotBarGraph(input.temperature(), 40);
  basic.pause(2000);
});
basic.forever(function () {
  basic.showNumber(input.temperature());
  basic.showString('C');
  basic.pause(1000);
});
