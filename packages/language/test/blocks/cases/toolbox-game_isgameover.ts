// The "game_isgameover" block (game.isGameOver) as it comes out of the toolbox.

let result = game.isGameOver()
