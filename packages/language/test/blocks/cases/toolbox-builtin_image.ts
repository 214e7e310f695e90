// The "builtin_image" block (images.iconImage) as it comes out of the toolbox.

let result = images.iconImage(IconNames.Heart)
