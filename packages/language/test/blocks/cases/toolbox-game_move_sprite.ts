// The "game_move_sprite" block (game.LedSprite.move) as it comes out of the toolbox.

let sprite: game.LedSprite = null
sprite.move(1)
