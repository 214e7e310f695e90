let grid = [[1, 2], [3, 4]]
basic.showNumber(grid[1][0])
