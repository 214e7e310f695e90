let list: number[] = []
list.push(1, 2)
