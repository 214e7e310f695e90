// Screenshot sizes (spec 002 §9): the given width is used; otherwise a board drawn narrower than
// 200 px is doubled and one wider than 480 px halved, so pictures are neither tiny nor huge.
// Heights follow the board's aspect ratio (spec 002 §9: 1.22).

const BOARD_ASPECT_RATIO = 1.22;

export function screenshotWidth(naturalWidth: number, requested?: number): number {
  if (requested !== undefined && Number.isFinite(requested) && requested >= 1) return Math.round(requested);
  const natural = Number.isFinite(naturalWidth) && naturalWidth > 0 ? naturalWidth : 1;
  if (natural < 200) return Math.round(natural * 2);
  if (natural > 480) return Math.round(natural / 2);
  return Math.round(natural);
}

/** The height of a picture `width` wide of something with `aspectRatio` (width / height). */
export function heightFor(width: number, aspectRatio = BOARD_ASPECT_RATIO): number {
  return Math.max(1, Math.round(width / aspectRatio));
}
