// Small LED pictures (icon previews) as SVG: `#`/`.` characters, row by row.

const SVG_NS = 'http://www.w3.org/2000/svg';

export function pictureSvg(cells: string, columns: number, cellSize: number, gap: number): SVGSVGElement {
  const rows = Math.ceil(cells.length / columns);
  const width = columns * cellSize + (columns - 1) * gap;
  const height = rows * cellSize + (rows - 1) * gap;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  drawPicture(svg, cells, columns, cellSize, gap, 0, 0);
  return svg;
}

/** Draws the cells into an SVG group or element at (x, y). */
export function drawPicture(
  parent: Element,
  cells: string,
  columns: number,
  cellSize: number,
  gap: number,
  x: number,
  y: number,
): void {
  for (let i = 0; i < cells.length; i++) {
    const rect = document.createElementNS(SVG_NS, 'rect');
    rect.setAttribute('x', String(x + (i % columns) * (cellSize + gap)));
    rect.setAttribute('y', String(y + Math.floor(i / columns) * (cellSize + gap)));
    rect.setAttribute('width', String(cellSize));
    rect.setAttribute('height', String(cellSize));
    rect.setAttribute('rx', String(Math.max(1, cellSize / 4)));
    rect.setAttribute('class', cells[i] === '#' ? 'blockyardPixel blockyardPixelOn' : 'blockyardPixel');
    parent.appendChild(rect);
  }
}
