import { ManualClock } from '@blockyard/core';
import { isFlagSet, parseAnnotations } from '@blockyard/language';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Board } from '../board/board.ts';
import { microbitLibraryFiles } from '../generated/api-library.ts';
import { arrowImage, iconImage } from '../images/icons.ts';
import { LedImage } from '../images/led-image.ts';
import { MicrobitImage } from '../images/microbit-image.ts';
import { rows, run, start } from '../test/programs.ts';

const text = (lines: string[]) => lines.map((l) => l.slice(l.indexOf(' ') + 1));
const generatorFunction = Object.getPrototypeOf(function* () {}) as object;

describe('images', () => {
  it('implements every method of the declared Image type, waiting ones as generators', () => {
    const file = microbitLibraryFiles.find((f) => f.name === 'microbit/images.d.ts')!;
    const source = ts.createSourceFile(file.name, file.text, ts.ScriptTarget.ES2022, true);
    const image = source.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'Image');
    expect(image && ts.isInterfaceDeclaration(image)).toBe(true);
    const members = (image as ts.InterfaceDeclaration).members.filter(ts.isMethodSignature);
    expect(members.length).toBeGreaterThanOrEqual(12);
    const impl = new MicrobitImage(new Board({ clock: new ManualClock() }), new LedImage(5));
    for (const member of members) {
      const name = member.name.getText(source);
      const method = (impl as unknown as Record<string, unknown>)[name];
      expect(typeof method, `Image.${name}`).toBe('function');
      const comments = (ts.getLeadingCommentRanges(source.text, member.pos) ?? [])
        .map((r) => source.text.slice(r.pos, r.end))
        .join('\n');
      const waits = isFlagSet(parseAnnotations(comments), 'async');
      expect(Object.getPrototypeOf(method) === generatorFunction, `Image.${name} async=${waits}`).toBe(waits);
    }
  });

  it('creates images from literals and shows them at an offset, waiting 400 ms by default', () => {
    const t = start(`let big = images.createBigImage(\`
# . . . . . . . . #
. # . . . . . . # .
. . # . . . . # . .
. . . # . . # . . .
. . . . # # . . . .
\`)
serial.writeValue("width", big.width())
big.showImage(5)
serial.writeValue("shown", control.millis())
big.showFrame(0, 100)
serial.writeValue("frame", control.millis())`);
    t.advance(0);
    expect(t.leds()).toBe(rows('....#', '...#.', '..#..', '.#...', '#....'));
    t.advance(400);
    expect(t.leds()).toBe(rows('#....', '.#...', '..#..', '...#.', '....#'));
    t.advance(600);
    expect(t.batches.join('')).toContain('width:10');
    expect(t.batches.join('')).toContain('shown:400');
    expect(t.batches.join('')).toContain('frame:500');
  });

  it('plots images and frames without waiting, and edits pixels', () => {
    const result = run(`serial.setWriteLinePadding(0)
let img = images.createImage(\`
. . . . .
. . . . .
. . . . .
. . . . .
. . . . .
\`)
img.setPixel(0, 0, true)
img.setPixelBrightness(4, 4, 120)
serial.writeLine("" + img.pixel(0, 0) + img.pixel(1, 0) + img.pixelBrightness(4, 4) + img.pixelBrightness(9, 9) + img.height())
img.plotImage()
serial.writeValue("t", control.millis())
img.clear()
serial.writeLine("" + img.pixel(0, 0))
img.plotFrame(1)`);
    expect(text(result.lines)).toEqual(['truefalse12005', 't:0', 'false']);
    // plotFrame(1) of a one-frame image shows its (empty) second frame.
    expect(result.leds).toBe(rows('.....', '.....', '.....', '.....', '.....'));
    const plotted = run(`let img = images.iconImage(IconNames.Heart)
img.plotImage(0)`);
    expect(plotted.leds).toBe(iconImage(0).toRows().join('\n'));
  });

  it('scrolls an image across the screen from the right edge until it has left', () => {
    const t = start(`basic.showIcon(IconNames.Square, 0)
images.arrowImage(ArrowNames.West).scrollImage(1, 100)
serial.writeValue("scrolled", control.millis())`);
    t.advance(0);
    // The screen is cleared, then the first column of the arrow comes in on the right.
    expect(t.leds()).toBe(rows('.....', '.....', '....#', '.....', '.....'));
    t.advance(400);
    expect(t.leds()).toBe(arrowImage(6).toRows().join('\n'));
    t.advance(1000);
    expect(t.leds()).toBe(rows('.....', '.....', '.....', '.....', '.....'));
    // 5 columns in, 5 out: 10 steps of 100 ms.
    expect(t.batches[0]).toMatch(/^1000 "scrolled:1000/);
  });

  it('gives icons, arrows and arrow numbers like the basic blocks do', () => {
    const result = run(`serial.setWriteLinePadding(0)
serial.writeValue("arrow", images.arrowNumber(ArrowNames.SouthWest))
images.iconImage(IconNames.Duck).showImage(0, 0)`);
    expect(text(result.lines)).toEqual(['arrow:5']);
    expect(result.leds).toBe(iconImage(15).toRows().join('\n'));
  });
});
