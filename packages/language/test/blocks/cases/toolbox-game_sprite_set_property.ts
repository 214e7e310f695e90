// The "game_sprite_set_property" block (game.LedSprite.set) as it comes out of the toolbox.

let sprite: game.LedSprite = null
sprite.set(LedSpriteProperty.X, 0)
