/** The build's input files, relative to root, sorted (see build-stamp.mjs). */
export function buildInputs(root: string): string[];
/** A hash of every input's path and content. */
export function inputHash(root: string): string;
/** What a build leaves behind. */
export const buildOutputs: readonly string[];
export function stampPath(root: string): string;
/** Why a build is needed, or undefined when the last build is current. */
export function rebuildReason(root: string, hash: string): string | undefined;
export function writeStamp(root: string, hash: string): void;
/** Runs build unless the last finished build had these inputs; true when it built. */
export function buildIfChanged(
  root: string,
  build: () => Promise<void>,
  options?: { force?: boolean; log?: (line: string) => void },
): Promise<boolean>;
