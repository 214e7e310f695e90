// The built-in melodies, by the micro:bit API's names (`Melodies.Dadadadum` …, in the enum's
// order). The names are MakeCode's; the note sequences are Blockyard's own arrangements (old
// tunes in our own keys and rhythms, new tunes for the jingles).

export const MELODY_NAMES = [
  'dadadadum',
  'entertainer',
  'prelude',
  'ode',
  'nyan',
  'ringtone',
  'funk',
  'blues',
  'birthday',
  'wedding',
  'funeral',
  'punchline',
  'baddy',
  'chase',
  'baDing',
  'wawawawaa',
  'jumpUp',
  'jumpDown',
  'powerUp',
  'powerDown',
] as const;
export type MelodyName = (typeof MELODY_NAMES)[number];

/** `Melodies` enum values: the position of each name above. */
export const Melodies: { readonly [K in Capitalize<MelodyName>]: number } = Object.freeze(
  Object.fromEntries(MELODY_NAMES.map((name, i) => [name[0]?.toUpperCase() + name.slice(1), i])) as {
    [K in Capitalize<MelodyName>]: number;
  },
);

const MELODIES: Record<MelodyName, string> = {
  dadadadum: 'r4:2 e5:2 e e c:8 r:2 d:2 d d b4:8',
  entertainer: 'g4:1 g# a f5:2 a4:1 f5:2 a4:1 f5:6 f:1 g g# a f g a:2 e:1 g:2 f:4',
  prelude:
    'g3:1 b d4 g b d g b g3 a e4 a c5 e4 a c5 f#3 a d4 a c5 d4 a c5 g3 b d4 g b d g b ' +
    'e3 g b g4 b b3 g4 b c3 g c4 e g c e g d3 f# a d4 f# a d f#',
  ode: 'b4 b c5 d d c b4 a g g a b b:6 a:2 a:8 b:4 b c5 d d c b4 a g g a b a:6 g:2 g:8',
  nyan: 'a5:1 e a f# e c# e f# a:2 e:1 a b c#6:2 b5:1 a f#:2 e:1 c# e:2 f#:1 e c# b4 a:4',
  ringtone: 'e5:1 c e c g4:2 r:1 e5:1 c e c a4:2 r:2 e5:1 c e g c6:4',
  funk: 'e2:2 r:1 e:1 g:2 a:1 b r b a:2 g e:1 d e:4 r:2 e:1 e g:2 a:1 b d3 b2 a g e:4',
  blues:
    'a2:2 c#3 e f# g f# e c# d f# a b c4 b3 a f# a2 c#3 e f# g f# e c# ' + 'e g# b c#4 d c#3 b2 g# a c#3 e c# a2:4',
  birthday: 'd4:3 d:1 e:4 d g f#:8 d:3 d:1 e:4 d a g:8 d:3 d:1 d5:4 b4 g f# e:8 c5:3 c:1 b4:4 g a g:8',
  wedding: 'd4:4 g:3 g:1 g:8 d:4 a:3 f#:1 g:8 d:4 g:3 b:1 d5:4 b4:3 g:1 g:4 f#:3 g:1 a:8',
  funeral: 'a2:4 a:3 a:1 a:4 c3:3 b2:1 b:3 a:1 a:3 g#:1 a:8',
  punchline: 'g4:2 r:1 d:1 g:2 r:2 b:1 d5:4',
  baddy: 'c3:2 r:1 c#:2 r:1 c:1 r:1 g2:6 r:2 f#:8',
  chase: 'e5:1 f e d# e:2 r:1 e:1 f e d# e:2 r:1 b4:1 c5 d c b4:2 r:1 b:1 c5 d c b4:2 a:4',
  baDing: 'a5:1 e6:4',
  wawawawaa: 'g3:2 r:1 f#:2 r:1 f:2 r:1 e:10',
  jumpUp: 'c5:1 e g c6:2',
  jumpDown: 'c6:1 g5 e c:2',
  powerUp: 'c5:1 e g c6 e g:3',
  powerDown: 'g5:1 e c g4 e c:3',
};

/** A built-in melody as the array of note strings `music.builtInMelody` returns. */
export function builtInMelody(melody: MelodyName | number): string[] {
  const name = typeof melody === 'number' ? MELODY_NAMES[melody] : melody;
  if (name === undefined || !(name in MELODIES)) return [];
  return MELODIES[name].split(' ');
}
