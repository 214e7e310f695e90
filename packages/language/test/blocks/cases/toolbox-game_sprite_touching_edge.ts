// The "game_sprite_touching_edge" block (game.LedSprite.isTouchingEdge) as it comes out of the toolbox.

let sprite: game.LedSprite = null
let result = sprite.isTouchingEdge()
