// The "array_removeat_statement" block (Array._removeAtStatement) as it comes out of the toolbox.

let list: number[] = []
list.removeAt(0)
