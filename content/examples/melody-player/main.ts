input.onButtonPressed(Button.A, function () {
  basic.showIcon(IconNames.EigthNote);
  music.play(music.builtInPlayableMelody(Melodies.Entertainer), music.PlaybackMode.UntilDone);
  basic.clearScreen();
});
input.onButtonPressed(Button.B, function () {
  basic.showIcon(IconNames.QuarterNote);
  music.playTone(262, music.beat(BeatFraction.Half));
  music.playTone(330, music.beat(BeatFraction.Half));
  music.playTone(392, music.beat(BeatFraction.Half));
  music.playTone(523, music.beat(BeatFraction.Whole));
  music.rest(music.beat(BeatFraction.Half));
  music.playTone(392, music.beat(BeatFraction.Quarter));
  music.playTone(523, music.beat(BeatFraction.Double));
  basic.clearScreen();
});
music.setTempo(120);
