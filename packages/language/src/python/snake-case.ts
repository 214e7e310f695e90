// MakeCode's rule for the Python spelling of a camelCase name (facts read from pxt's `snakify`,
// written anew): names all in one case or already holding an underscore stay as they are; a word
// starts at each capital; a run of three or more capitals gives up its last one to the next word
// (`ABCdef` -> `AB_Cdef`) while two capitals and a lower-case letter stay one word (`TShirt`); the
// result is lower case unless it came out all capitals.

const isUpper = (c: string): boolean => c !== c.toLowerCase();
const isLower = (c: string): boolean => c !== c.toUpperCase();

export function snakeCase(name: string): string {
  if (name === name.toUpperCase() || name === name.toLowerCase()) return name;
  if (name.lastIndexOf('_') > 0) return name;
  const words: string[] = [];
  let start = 0;
  while (start < name.length) {
    let capitals = isUpper(name[start]!);
    let end = start;
    while (end < name.length) {
      const c = name[end]!;
      if (capitals && isLower(c)) {
        if (end - start > 2) {
          end--;
          break;
        }
        capitals = false;
      }
      if (!capitals && isUpper(c)) break;
      end++;
    }
    words.push(name.slice(start, end));
    start = end;
  }
  const joined = words.join('_');
  return joined === joined.toUpperCase() ? joined : joined.toLowerCase();
}

/** An enum member's Python name: its snake case in capitals (`SmallHeart` -> `SMALL_HEART`). */
export function enumMemberCase(name: string): string {
  return snakeCase(name).toUpperCase();
}
