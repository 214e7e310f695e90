// The "game_score" block (game.score) as it comes out of the toolbox.

let result = game.score()
