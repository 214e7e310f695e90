basic.showLeds(`
    # # #
    `)
