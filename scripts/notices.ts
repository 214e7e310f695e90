// `npm run notices`: writes THIRD-PARTY-NOTICES.md from the installed packages.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectShippedPackages, expectedNotices, NOTICE_FILE, unapprovedPackages } from './lib/third-party-notices.ts';

const root = join(import.meta.dirname, '..');
const unapproved = unapprovedPackages(collectShippedPackages(root));
for (const pkg of unapproved) console.error(`not an approved licence: ${pkg.name}@${pkg.version} (${pkg.license})`);
writeFileSync(join(root, NOTICE_FILE), expectedNotices(root));
console.log(`wrote ${NOTICE_FILE}`);
if (unapproved.length) process.exit(1);
