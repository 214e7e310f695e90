let list: number[] = []
list.unshift(null)
