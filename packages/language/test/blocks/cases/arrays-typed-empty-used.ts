let sprites: game.LedSprite[] = []
let names: string[] = []
input.onButtonPressed(Button.A, function () {
    sprites.push(game.createSprite(2, 2))
    names.push("a")
    basic.showString(names[0])
})
