// The runtime side of `images`: images from literals, the built-in icons and arrows. The
// objects are MicrobitImage (src/images/microbit-image.ts), which carries the Image methods.
import { arrowImage, iconImage } from '../images/icons.ts';
import { LedImage } from '../images/led-image.ts';
import { MicrobitImage } from '../images/microbit-image.ts';
import { type NamespaceModule, toInt, toText } from './namespace-module.ts';

/** An image literal as a learner writes it; `frames` screens wide at least (big images: 2). */
function imageFromLiteral(leds: unknown, frames: number): LedImage {
  const parsed = LedImage.fromLiteral(leds === null || leds === undefined ? '' : toText(leds));
  if (parsed.width >= frames * 5) return parsed;
  const padded = new LedImage(frames * 5);
  parsed.copyTo(0, parsed.width, padded, 0);
  return padded;
}

export const imagesModule: NamespaceModule = {
  names: ['images'],
  create(board) {
    return {
      images: {
        createImage(leds: string): MicrobitImage {
          return new MicrobitImage(board, imageFromLiteral(leds, 1));
        },
        createBigImage(leds: string): MicrobitImage {
          return new MicrobitImage(board, imageFromLiteral(leds, 2));
        },
        iconImage(i: number): MicrobitImage {
          return new MicrobitImage(board, iconImage(toInt(i)));
        },
        arrowImage(i: number): MicrobitImage {
          return new MicrobitImage(board, arrowImage(toInt(i)));
        },
        arrowNumber(arrow: number): number {
          return arrow;
        },
      },
    };
  },
};
