let heading = 0;
basic.forever(function () {
  heading = input.compassHeading();
  if (heading < 45 || heading >= 315) {
    basic.showArrow(ArrowNames.North);
  } else if (heading < 135) {
    basic.showArrow(ArrowNames.West);
  } else if (heading < 225) {
    basic.showArrow(ArrowNames.South);
  } else {
    basic.showArrow(ArrowNames.East);
  }
});
