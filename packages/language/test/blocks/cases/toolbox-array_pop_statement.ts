// The "array_pop_statement" block (Array._popStatement) as it comes out of the toolbox.

let list: number[] = []
list.pop()
