// The "every_interval" block (loops.everyInterval) as it comes out of the toolbox.

loops.everyInterval(500, function () {
})
