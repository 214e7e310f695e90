// The "game_remove_life" block (game.removeLife) as it comes out of the toolbox.

game.removeLife(0)
