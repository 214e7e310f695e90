// The "game_create_sprite" block (game.createSprite) as it comes out of the toolbox.

let result = game.createSprite(2, 2)
