// The "game_sprite_touching_sprite" block (game.LedSprite.isTouching) as it comes out of the toolbox.

let sprite: game.LedSprite = null
let other: game.LedSprite = null
let result = sprite.isTouching(other)
