// The "device_set_servo_pin" block (pins.servoWritePin) as it comes out of the toolbox.

pins.servoWritePin(AnalogPin.P0, 180)
