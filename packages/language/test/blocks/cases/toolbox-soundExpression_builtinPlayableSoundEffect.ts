// The "soundExpression_builtinPlayableSoundEffect" block (music.builtinPlayableSoundEffect) as it comes out of the toolbox.

let result = music.builtinPlayableSoundEffect(soundExpression.giggle)
