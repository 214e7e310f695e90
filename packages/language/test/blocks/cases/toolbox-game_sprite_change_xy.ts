// The "game_sprite_change_xy" block (game.LedSprite.change) as it comes out of the toolbox.

let sprite: game.LedSprite = null
sprite.change(LedSpriteProperty.X, 1)
