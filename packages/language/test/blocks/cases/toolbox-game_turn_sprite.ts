// The "game_turn_sprite" block (game.LedSprite.turn) as it comes out of the toolbox.

let sprite: game.LedSprite = null
sprite.turn(Direction.Right, 45)
