// The "device_set_servo_pulse" block (pins.servoSetPulse) as it comes out of the toolbox.

pins.servoSetPulse(AnalogPin.P0, 1500)
