basic.showString("http://example.com /* not a comment */")
