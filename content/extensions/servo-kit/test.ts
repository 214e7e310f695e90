// Runs on the simulator in the extension's test (and by hand): each step writes the angle it set.
servos.setAngle(AnalogPin.P0, 45);
serial.writeLine('angle 45');
servos.setAngle(AnalogPin.P1, 400);
serial.writeLine('angle clamped');
servos.run(AnalogPin.P2, -50);
serial.writeLine('run -50');
