// The "device_heading" block (input.compassHeading) as it comes out of the toolbox.

let result = input.compassHeading()
