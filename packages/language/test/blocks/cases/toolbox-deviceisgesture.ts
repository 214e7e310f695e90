// The "deviceisgesture" block (input.isGesture) as it comes out of the toolbox.

let result = input.isGesture(Gesture.Shake)
