// The "game_add_life" block (game.addLife) as it comes out of the toolbox.

game.addLife(0)
