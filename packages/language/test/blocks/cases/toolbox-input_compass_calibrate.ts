// The "input_compass_calibrate" block (input.calibrateCompass) as it comes out of the toolbox.

input.calibrateCompass()
