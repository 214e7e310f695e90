// The "array_shift_statement" block (Array._shiftStatement) as it comes out of the toolbox.

let list: number[] = []
list.shift()
