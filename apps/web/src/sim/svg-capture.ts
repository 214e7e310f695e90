// Pictures of the board for screenshots, thumbnails and GIF frames: the board's SVG element is
// serialised, loaded as an image from a blob: URL and drawn on a canvas. The drawing uses SVG
// attributes only (no page CSS, no web fonts), so the picture matches the screen.

import { BOARD_ASPECT } from '@blockyard/board-microbit/view';
import { type FrameCapture, type Picture, type RgbaFrame, heightFor, screenshotWidth } from '@blockyard/sim';

const THUMBNAIL_WIDTH = 160;
const GIF_WIDTH = 244;

async function drawBoard(svg: SVGSVGElement, width: number): Promise<HTMLCanvasElement> {
  const height = heightFor(width, BOARD_ASPECT);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.removeAttribute('style');
  const text = new XMLSerializer().serializeToString(copy);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw on a canvas.');
    context.drawImage(image, 0, 0, width, height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function toPng(canvas: HTMLCanvasElement): Promise<Picture> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The picture could not be made.');
  return { data: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
}

/** Captures the board whose SVG `getSvg` returns (the first board). */
export function createSvgCapture(getSvg: () => SVGSVGElement | null): FrameCapture {
  const svg = (): SVGSVGElement => {
    const element = getSvg();
    if (!element) throw new Error('The board is not on screen.');
    return element;
  };
  return {
    async screenshot(requested) {
      const element = svg();
      const width = screenshotWidth(element.getBoundingClientRect().width, requested);
      return toPng(await drawBoard(element, width));
    },
    async thumbnail() {
      return toPng(await drawBoard(svg(), THUMBNAIL_WIDTH));
    },
    async pixels(requested): Promise<RgbaFrame> {
      const canvas = await drawBoard(svg(), requested ?? GIF_WIDTH);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('This browser cannot draw on a canvas.');
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return { data: image.data, width: image.width, height: image.height };
    },
  };
}
