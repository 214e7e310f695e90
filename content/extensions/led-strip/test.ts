// Runs on the simulator in the extension's test (and by hand): a rainbow, one LED made blue, then
// the whole strip at half brightness with an out-of-range colour clamped.
const strip = ledstrip.create(DigitalPin.P0, 5);
strip.setBrightness(255);
strip.showRainbow();
serial.writeLine('first ' + strip.pixelColor(0));
strip.setPixelColor(1, ledstrip.colors(StripColor.Blue));
strip.show();
serial.writeLine('second ' + strip.pixelColor(1));
strip.setBrightness(128);
strip.setPixelColor(2, ledstrip.rgb(300, 10, -5));
strip.show();
serial.writeLine('third ' + strip.pixelColor(2));
