// The "input_logo_event" block (input.onLogoEvent) as it comes out of the toolbox.

input.onLogoEvent(TouchButtonEvent.Pressed, function () {
})
