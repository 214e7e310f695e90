soundExpression.twinkle.playUntilDone()
soundExpression.giggle.play()
basic.forever(function () {
    soundExpression.hello.playUntilDone()
})
