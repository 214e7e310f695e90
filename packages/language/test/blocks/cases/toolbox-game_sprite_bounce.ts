// The "game_sprite_bounce" block (game.LedSprite.ifOnEdgeBounce) as it comes out of the toolbox.

let sprite: game.LedSprite = null
sprite.ifOnEdgeBounce()
