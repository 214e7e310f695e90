let roll = 0;
function showDots(value: number) {
  basic.clearScreen();
  if (value % 2 == 1) {
    led.plot(2, 2);
  }
  if (value >= 2) {
    led.plot(0, 0);
    led.plot(4, 4);
  }
  if (value >= 4) {
    led.plot(4, 0);
    led.plot(0, 4);
  }
  if (value == 6) {
    led.plot(0, 2);
    led.plot(4, 2);
  }
}
input.onGesture(Gesture.Shake, function () {
  for (let index = 0; index < 6; index++) {
    showDots(randint(1, 6));
    basic.pause(80);
  }
  roll = randint(1, 6);
  showDots(roll);
});
basic.showIcon(IconNames.Square);
