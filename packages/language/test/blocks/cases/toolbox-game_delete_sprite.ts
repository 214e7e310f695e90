// The "game_delete_sprite" block (game.LedSprite.delete) as it comes out of the toolbox.

let sprite: game.LedSprite = null
sprite.delete()
