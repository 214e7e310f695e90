// The "game_resume" block (game.resume) as it comes out of the toolbox.

game.resume()
