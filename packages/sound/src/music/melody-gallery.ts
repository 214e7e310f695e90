// The melody editor's gallery (spec 001 §2, §9): 10 sample melodies of 8 notes on the editor's
// 8x8 grid, all at tempo 120. The samples are Blockyard's own.

export interface GalleryMelody {
  name: string;
  /** Eight space-separated notes from C D E F G A B C5, or "-" for a rest. */
  notes: string;
  tempo: number;
}

export const GALLERY_TEMPO = 120;

export const MELODY_GALLERY: readonly GalleryMelody[] = Object.freeze(
  [
    { name: 'Scale', notes: 'C D E F G A B C5' },
    { name: 'Reverse', notes: 'C5 B A G F E D C' },
    { name: 'Bounce', notes: 'C E G C5 G E C -' },
    { name: 'Stairs', notes: 'C D C E D F E G' },
    { name: 'Echo', notes: 'G - G - E - C -' },
    { name: 'Lullaby', notes: 'E G A G E D C -' },
    { name: 'Fanfare', notes: 'C C G G C5 - G -' },
    { name: 'Raindrops', notes: 'A F D B G E C -' },
    { name: 'Seesaw', notes: 'C G D A E B C5 -' },
    { name: 'Sunrise', notes: 'C D F G A C5 C5 -' },
  ].map((melody) => Object.freeze({ ...melody, tempo: GALLERY_TEMPO })),
);
