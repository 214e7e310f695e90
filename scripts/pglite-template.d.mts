/** Where the empty-database copy for the installed PGlite lives (see pglite-template.mjs). */
export function pgliteTemplatePath(root: string): string | undefined;
/** Makes the copy when it is missing. */
export function ensurePGliteTemplate(root: string): Promise<void>;
