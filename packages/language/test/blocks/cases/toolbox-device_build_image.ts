// The "device_build_image" block (images.createImage) as it comes out of the toolbox.

let result = images.createImage(`
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    . . . . .
    `)
