// The "device_scroll_image" block (Image.scrollImage) as it comes out of the toolbox.

let myImage: Image = null
myImage.scrollImage(1, 200)
