// The "pin_map" block (pins.map) as it comes out of the toolbox.

let result = pins.map(0, 0, 1023, 0, 4)
