// The virtual module of build/docs-content-plugin.ts: our guides, read at build time.
declare module 'virtual:blockyard/docs-content' {
  export const docsContent: {
    readonly summary: string;
    readonly pages: Record<string, string>;
    readonly files: Record<string, string>;
    readonly searchIndex: string;
  };
}

// The block help pages: generated from the API, and our hand-written ones by path.
declare module 'virtual:blockyard/reference-content' {
  import type { BlockStack, ReferencePageData } from '@blockyard/docs';
  export const referenceContent: {
    readonly pages: readonly ReferencePageData[];
    readonly written: Record<string, string>;
    /** `blocks` snippets as block pictures, by `snippetKey(code)` (build/snippet-key.ts). */
    readonly snippets: Record<string, readonly BlockStack[]>;
  };
}
