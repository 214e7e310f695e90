let scores: number[] = []
input.onButtonPressed(Button.A, function () {
    scores.push(randint(0, 9))
    basic.showNumber(scores.length)
})
