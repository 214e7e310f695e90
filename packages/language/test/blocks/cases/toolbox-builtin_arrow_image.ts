// The "builtin_arrow_image" block (images.arrowImage) as it comes out of the toolbox.

let result = images.arrowImage(ArrowNames.North)
