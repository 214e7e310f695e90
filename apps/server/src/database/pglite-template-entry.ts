// Bundled to dist/pglite-template.mjs so the build and `npm start` (plain Node scripts) can make
// the migrated database copy with this build's migrations.
export { ensurePGliteTemplate } from './pglite-template.ts';
