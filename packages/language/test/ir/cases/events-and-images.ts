// Event handlers, forever, an image made from a picture and shown (a library method that waits).
let img = images.createImage(`
    . . # . .
    . # # # .
    # # # # #
    . # # # .
    . . # . .
    `)
input.onButtonPressed(Button.B, function () {
    img.showImage(0)
})
input.onGesture(Gesture.Shake, () => {
    music.playTone(Note.C, music.beat(BeatFraction.Half))
})
basic.forever(function () {
    led.toggle(randint(0, 4), randint(0, 4))
    basic.pause(Math.floor(Math.random() * 100))
})
radio.onReceivedNumber(function (receivedNumber) {
    basic.showNumber(receivedNumber)
})
