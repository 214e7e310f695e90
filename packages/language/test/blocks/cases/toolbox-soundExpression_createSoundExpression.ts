// The "soundExpression_createSoundExpression" block (music.createSoundExpression) as it comes out of the toolbox.

let result = music.createSoundExpression(WaveShape.Sine, 5000, 0, 255, 0, 500, SoundExpressionEffect.None, InterpolationCurve.Linear)
