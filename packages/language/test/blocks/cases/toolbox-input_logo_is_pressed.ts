// The "input_logo_is_pressed" block (input.logoIsPressed) as it comes out of the toolbox.

let result = input.logoIsPressed()
