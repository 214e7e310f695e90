// The "device_show_image_offset" block (Image.showImage) as it comes out of the toolbox.

let myImage: Image = null
myImage.showImage(0)
