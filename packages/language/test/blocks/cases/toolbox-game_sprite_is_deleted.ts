// The "game_sprite_is_deleted" block (game.LedSprite.isDeleted) as it comes out of the toolbox.

let sprite: game.LedSprite = null
let result = sprite.isDeleted()
