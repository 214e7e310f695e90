// The device library's list helpers that the code generator calls itself, for forms with no API
// name: spreading a list into a list literal (`[0, ...more]`) and a splice that puts in a list of
// items (more than four, or spread ones), \`list.length = n\`; and Array.isArray.

export const LIST_LIBRARY_SOURCE = `namespace __device_lists {
  export function isArray(value: any): boolean {
    return __firmware_Array_.isArray(value)
  }
  // The literal being built is below the spread list on the stack: it comes second.
  export function spreadInto(items: any[], into: any[]): void {
    for (let i = 0; i < items.length; i++) into.push(items[i])
  }
  // \`list.length = n\`: the whole part of n, not below 0; a longer list gets undefined items (no
  // gaps, as the simulator's arraySetLength). The value assigned is below the list on the stack.
  export function setLength(length: number, list: any[]): void {
    let n = Math.trunc(length)
    if (!(n > 0)) n = 0
    while (list.length > n) list.pop()
    while (list.length < n) list.push(undefined)
  }
  // splice(start, deleteCount, ...items) with the items in one list: the library's splice
  // removes (as the simulator's, JavaScript's, does), then the items go in at the start.
  export function spliceItems(list: any[], start: number, deleteCount: number, items: any[]): any[] {
    // Where the items go, from the length before the removal (as splice counts a negative start).
    let at = Math.trunc(start)
    if (at !== at) at = 0
    if (at < 0) at = Math.max(list.length + at, 0)
    if (at > list.length) at = list.length
    let out = list.splice(at, deleteCount)
    for (let i = 0; i < items.length; i++) list.insertAt(at + i, items[i])
    return out
  }
}
`;

/** The library function the code generator calls for `...items` in a list literal. */
export const SPREAD_INTO = '__device_lists.spreadInto';
/** The library function for a splice that puts in more than four items, or spread ones. */
export const SPLICE_ITEMS = '__device_lists.spliceItems';

/** API name (`name:libraryFunction`) of every function this part of the library implements. */
export const LIST_LIBRARY_ENTRIES: readonly string[] = ['Array.isArray:lists.isArray'];
/** The library function for `list.length = n`. */
export const SET_LENGTH = '__device_lists.setLength';
