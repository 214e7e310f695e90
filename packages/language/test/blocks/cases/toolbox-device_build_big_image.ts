// The "device_build_big_image" block (images.createBigImage) as it comes out of the toolbox.

let result = images.createBigImage(`
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    `)
