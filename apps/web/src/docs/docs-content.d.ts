// The virtual module of build/docs-content-plugin.ts: our guides, read at build time.
declare module 'virtual:blockyard/docs-content' {
  export const docsContent: {
    readonly summary: string;
    readonly pages: Record<string, string>;
    readonly files: Record<string, string>;
    readonly searchIndex: string;
  };
}
