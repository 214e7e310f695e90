// The example projects (content/examples) as the tests build them: each folder's .ts files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const examples = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'examples');

export const EXAMPLE_PROJECTS: readonly { name: string; files: Record<string, string> }[] = readdirSync(examples, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const dir = join(examples, entry.name);
    const files = Object.fromEntries(
      readdirSync(dir)
        .filter((name) => name.endsWith('.ts'))
        .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
    );
    return { name: entry.name, files };
  });
