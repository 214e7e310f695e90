// Every text the block editor shows besides the blocks themselves, in plain words. English
// defaults here; the app passes its translations (`blocks.*` in the web app's i18n files).

export interface BlocksMessages {
  searchPlaceholder: string;
  searchLabel: string;
  searchResults: string;
  searchNoResults: string;
  advanced: string;
  more: string;
  addInput: string;
  removeInput: string;
  unknownBlock: string;
  greyBlock: string;
  newVariableTitle: string;
  newVariableLabel: string;
  renameVariableTitle: string;
  newFunctionTitle: string;
  functionNameLabel: string;
  addParameter: string;
  parameterName: string;
  parameterType: string;
  removeParameter: string;
  nameTaken: string;
  nameInvalid: string;
  ok: string;
  cancel: string;
  confirmTitle: string;
  ledMatrixLabel: string;
  ledOn: string;
  ledOff: string;
  iconPickerLabel: string;
  notePickerLabel: string;
  pinPickerLabel: string;
  melodyEditorLabel: string;
  melodyGallery: string;
  melodyGalleryClose: string;
  melodySelect: string;
  melodyPlay: string;
  melodyStop: string;
  melodyTempo: string;
  melodyRest: string;
  melodyDone: string;
  soundEditorLabel: string;
  soundWave: string;
  soundStartFrequency: string;
  soundEndFrequency: string;
  soundStartVolume: string;
  soundEndVolume: string;
  soundDuration: string;
  soundEffect: string;
  soundInterpolation: string;
  soundPlay: string;
  soundStop: string;
  soundDone: string;
  sliderLabel: string;
  ifThen: string;
  ifElseIf: string;
  ifElse: string;
  workspaceLabel: string;
  /** Heading of the text of every stack that screen readers read (stack-outline.ts). */
  stackOutline: string;
  problemOnBlock: string;
  /** The block context menu's debugger item (F9). */
  addBreakpoint: string;
  removeBreakpoint: string;
}

export const defaultMessages: BlocksMessages = {
  searchPlaceholder: 'Search blocks',
  searchLabel: 'Search blocks',
  searchResults: 'Search results',
  searchNoResults: 'No blocks match "{query}".',
  advanced: 'Advanced',
  more: 'more',
  addInput: 'Show more',
  removeInput: 'Show less',
  unknownBlock: 'Blockyard does not know the block "{type}". It is kept exactly as it is.',
  greyBlock: 'JavaScript that blocks cannot show. Switch to JavaScript to change it.',
  newVariableTitle: 'New variable',
  newVariableLabel: 'Name of the new variable',
  renameVariableTitle: 'Rename variable',
  newFunctionTitle: 'New function',
  functionNameLabel: 'Name of the function',
  addParameter: 'Add a parameter',
  parameterName: 'Parameter name',
  parameterType: 'Type',
  removeParameter: 'Remove',
  nameTaken: 'That name is already used. Pick another one.',
  nameInvalid: 'Names start with a letter and use only letters, digits and _.',
  ok: 'OK',
  cancel: 'Cancel',
  confirmTitle: 'Are you sure?',
  ledMatrixLabel: 'LED picture: press a light to switch it on or off',
  ledOn: 'on',
  ledOff: 'off',
  iconPickerLabel: 'Pick an icon',
  notePickerLabel: 'Pick a note',
  pinPickerLabel: 'Pick a pin',
  melodyEditorLabel: 'Melody: one note per beat',
  melodyGallery: 'Gallery',
  melodyGalleryClose: 'Back to my melody',
  melodySelect: 'Use',
  melodyPlay: 'Play',
  melodyStop: 'Stop',
  melodyTempo: 'Tempo (beats per minute)',
  melodyRest: 'rest',
  melodyDone: 'Done',
  soundEditorLabel: 'Sound effect',
  soundWave: 'Wave',
  soundStartFrequency: 'Start frequency (Hz)',
  soundEndFrequency: 'End frequency (Hz)',
  soundStartVolume: 'Start volume',
  soundEndVolume: 'End volume',
  soundDuration: 'Duration (ms)',
  soundEffect: 'Effect',
  soundInterpolation: 'Interpolation',
  soundPlay: 'Play',
  soundStop: 'Stop',
  soundDone: 'Done',
  sliderLabel: 'Number',
  ifThen: 'then',
  ifElseIf: 'else if',
  ifElse: 'else',
  workspaceLabel: 'Blocks workspace',
  stackOutline: 'Your program, stack by stack',
  problemOnBlock: 'Problem: {message}',
  addBreakpoint: 'Stop here when debugging',
  removeBreakpoint: 'Do not stop here',
};

/** Replaces `{name}` placeholders (and i18next's `{{name}}`, as the app's translations write them). */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}|\{(\w+)\}/g, (whole, double?: string, single?: string) => {
    const name = double ?? single ?? '';
    return name in values ? String(values[name]) : whole;
  });
}
