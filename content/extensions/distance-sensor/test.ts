// Runs on the simulator in the extension's test: the arithmetic, then a sensor that never answers.
serial.writeLine('echo 580 = ' + distance.centimetresFromEcho(580));
serial.writeLine('echo 0 = ' + distance.centimetresFromEcho(0));
serial.writeLine('no sensor = ' + distance.readCm(DigitalPin.P1, DigitalPin.P2));
serial.writeLine('nearer = ' + (distance.isNearerThan(10, DigitalPin.P1, DigitalPin.P2) ? 'yes' : 'no'));
