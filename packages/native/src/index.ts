// The public surface of @blockyard/native: filled as the assembler, back end and linker land.
export {};
