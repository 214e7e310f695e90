// The "string_charcode_at" block (String.charCodeAt) as it comes out of the toolbox.

let result = "Hello".charCodeAt(0)
