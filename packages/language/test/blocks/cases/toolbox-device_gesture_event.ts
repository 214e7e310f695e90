// The "device_gesture_event" block (input.onGesture) as it comes out of the toolbox.

input.onGesture(Gesture.Shake, function () {
})
