// The "input_on_sound" block (input.onSound) as it comes out of the toolbox.

input.onSound(DetectedSound.Loud, function () {
})
