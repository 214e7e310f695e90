// Prints the micro:bit API metadata (the board's //% annotations and JSDoc read into plain data) as
// JSON, for the Vite plugin next to this file. Run by Node with tsx, so TypeScript reads the
// library at build time and the page gets the blocks without loading TypeScript.
import ts from 'typescript';
import { coreLibraryFiles, readApiMetadata } from '@blockyard/language';
import { microbitLibraryFiles } from '@blockyard/board-microbit';

process.stdout.write(JSON.stringify(readApiMetadata(ts, [...coreLibraryFiles, ...microbitLibraryFiles])));
