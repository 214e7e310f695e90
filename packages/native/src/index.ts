// The public surface of @blockyard/native: the Thumb assembler (the back end and the linker add
// theirs as they land).
export * from './assembler/index.ts';
