// Methods a Python learner calls on text and lists that TypeScript's String and Array have no
// member for: the converter writes them as other TypeScript (`find` -> `indexOf`, `isdigit` -> a
// test of each character), so TypeScript's language service cannot describe them. Their
// signatures and short explanations, in Python's words, for completions, signature help and
// hover. Pure data.

export interface PythonOnlyMethod {
  /** `str` or `List`: what the method is called on. */
  readonly owner: 'str' | 'List';
  readonly parameters: readonly { readonly label: string; readonly documentation: string }[];
  readonly returns: string;
  readonly documentation: string;
}

const text = (
  parameters: PythonOnlyMethod['parameters'],
  returns: string,
  documentation: string,
): PythonOnlyMethod => ({ owner: 'str', parameters, returns, documentation });

const SUB = { label: 'sub: str', documentation: 'the text to look for' };
const WIDTH = { label: 'width: int', documentation: 'the length of the text made' };
const FILL = { label: 'fillchar?: str', documentation: 'the character added (a space if left out)' };
const CHARS = { label: 'chars?: str', documentation: 'the characters taken off (spaces if left out)' };

const TEXT_METHODS: Readonly<Record<string, PythonOnlyMethod>> = {
  find: text([SUB], 'int', 'Where `sub` first starts in the text, or -1 if it is not there.'),
  rfind: text([SUB], 'int', 'Where `sub` last starts in the text, or -1 if it is not there.'),
  rindex: text([SUB], 'int', 'Where `sub` last starts in the text.'),
  count: text([SUB], 'int', 'How many times `sub` is in the text, without overlaps.'),
  join: text(
    [{ label: 'items: List[str]', documentation: 'the texts joined' }],
    'str',
    'The items one after another, with this text between each two.',
  ),
  rsplit: text(
    [{ label: 'sep: str', documentation: 'the text between the pieces' }],
    'List[str]',
    'The pieces of the text between each `sep`.',
  ),
  splitlines: text([], 'List[str]', 'The lines of the text, without their line ends.'),
  capitalize: text([], 'str', 'The text with its first letter in capitals and the rest in small letters.'),
  title: text([], 'str', 'The text with each word starting with a capital.'),
  swapcase: text([], 'str', 'The text with capitals made small and small letters made capitals.'),
  casefold: text([], 'str', 'The text in small letters, for comparing without case.'),
  lstrip: text([CHARS], 'str', 'The text without the given characters at its start.'),
  rstrip: text([CHARS], 'str', 'The text without the given characters at its end.'),
  zfill: text([WIDTH], 'str', 'The text with zeros in front, to make it `width` long.'),
  center: text([WIDTH, FILL], 'str', 'The text in the middle of `width` characters.'),
  ljust: text([WIDTH, FILL], 'str', 'The text with characters after it, to make it `width` long.'),
  rjust: text([WIDTH, FILL], 'str', 'The text with characters before it, to make it `width` long.'),
  isdigit: text([], 'bool', 'True if the text is not empty and every character is a digit.'),
  isdecimal: text([], 'bool', 'True if the text is not empty and every character is a digit.'),
  isnumeric: text([], 'bool', 'True if the text is not empty and every character is a digit.'),
  isalpha: text([], 'bool', 'True if the text is not empty and every character is a letter.'),
  isalnum: text([], 'bool', 'True if the text is not empty and every character is a letter or a digit.'),
  isspace: text([], 'bool', 'True if the text is not empty and every character is a space, tab or line end.'),
  isupper: text([], 'bool', 'True if the text has letters and all of them are capitals.'),
  islower: text([], 'bool', 'True if the text has letters and none of them are capitals.'),
};

const LIST_METHODS: Readonly<Record<string, PythonOnlyMethod>> = {
  count: {
    owner: 'List',
    parameters: [{ label: 'value', documentation: 'the value counted' }],
    returns: 'int',
    documentation: 'How many items of the list are equal to `value`.',
  },
  clear: { owner: 'List', parameters: [], returns: 'None', documentation: 'Takes every item out of the list.' },
};

/** A Python method of text (`str`) or of a list that TypeScript has no member for, by name. */
export function pythonOnlyMethod(owner: 'str' | 'List', name: string): PythonOnlyMethod | undefined {
  const table = owner === 'str' ? TEXT_METHODS : LIST_METHODS;
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The names of those methods of text (`str`) or of a list, for completions after a dot. */
export function pythonOnlyMethodNames(owner: 'str' | 'List'): readonly string[] {
  return Object.keys(owner === 'str' ? TEXT_METHODS : LIST_METHODS);
}
