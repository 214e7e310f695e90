// The virtual module of build/api-metadata-plugin.ts: the board's API metadata, read at build time.
declare module 'virtual:blockyard/api-metadata' {
  export const apiMetadata: import('@blockyard/language').ApiMetadata;
}
