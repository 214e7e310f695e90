radio.setGroup(7);
input.onButtonPressed(Button.A, function () {
  radio.sendString('Hello');
  basic.showIcon(IconNames.Yes);
});
input.onButtonPressed(Button.B, function () {
  radio.sendNumber(1);
  basic.showIcon(IconNames.Yes);
});
radio.onReceivedString(function (receivedString) {
  basic.showString(receivedString);
});
radio.onReceivedNumber(function (receivedNumber) {
  if (receivedNumber == 1) {
    basic.showIcon(IconNames.Heart);
  }
});
basic.showString('7');
