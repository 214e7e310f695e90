/** Where the CLI writes. Tests pass a recorder; the bin passes process streams. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** The directory relative paths are resolved against. */
  cwd: string;
}
