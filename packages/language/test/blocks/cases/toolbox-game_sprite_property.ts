// The "game_sprite_property" block (game.LedSprite.get) as it comes out of the toolbox.

let sprite: game.LedSprite = null
let result = sprite.get(LedSpriteProperty.X)
