// Puts the home page's first paint into the built index.html: the home page rendered at build
// time (src/app/first-paint/render-home-markup.tsx, React in a happy-dom stand-in, through a
// throw-away Vite server so its imports resolve as in the app) in a <template>, and the small
// classic script that shows it once the page is parsed (src/app/first-paint/first-paint.ts).
// Why: on a cold start the home page's button waited for ten scripts and styles, their
// evaluation and React's first render (about half a second on loopback, bench first-minute);
// with the picture it is on screen once index.html and the styles are in.
import { build as esbuild } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SCRIPT_NAME = 'first-paint.js';
/** index.html's app container; the template goes right after it. */
const ROOT = '<div id="root"></div>';
/** The templates' ids, as first-paint.ts and early-new-project.ts look them up. */
const FIRST_PAINT_TEMPLATE_ID = 'home-first-paint';
const NEW_PROJECT_TEMPLATE_ID = 'home-first-paint-new-project';
/** What render-home-markup.tsx returns. */
interface FirstPaintMarkup {
  home: string;
  newProjectDialog: string;
}
/** The entry's script tag (Vite's); the first-paint script goes right before it. */
const ENTRY_SCRIPT = '<script type="module"';

export function firstPaintPlugin(): Plugin {
  let markup: Promise<FirstPaintMarkup> | undefined;
  return {
    name: 'blockyard-first-paint',
    apply: 'build',
    async buildStart() {
      markup = renderMarkup();
      // Kept from an unhandled rejection until transformIndexHtml awaits it.
      markup.catch(() => undefined);
      this.emitFile({ type: 'asset', name: SCRIPT_NAME, source: await bundleScript() });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        // The app's page only (not the simulator's).
        if (!context.bundle || context.chunk?.name !== 'main' || !markup) return undefined;
        const script = Object.values(context.bundle).find(
          (output) => output.type === 'asset' && output.names.includes(SCRIPT_NAME),
        );
        if (!script || !html.includes(ROOT)) throw new Error(`first paint: no ${SCRIPT_NAME} or no ${ROOT}`);
        const entry = html.indexOf(ENTRY_SCRIPT);
        if (entry < 0) throw new Error(`first paint: no ${ENTRY_SCRIPT} in index.html`);
        // In the head, deferred, ahead of the entry: asked for in the first wave with the entry's
        // files (in the body, after the template, it was asked for last and on a slow network
        // came in after the entry's large chunks), and run once the page is parsed, before the
        // entry (deferred scripts run in document order), when the template is there.
        const withScript =
          html.slice(0, entry) + `<script defer src="/${script.fileName}"></script>\n    ` + html.slice(entry);
        const { home, newProjectDialog } = await markup;
        return withScript.replace(
          ROOT,
          `${ROOT}\n    <template id="${FIRST_PAINT_TEMPLATE_ID}">${home}</template>` +
            `\n    <template id="${NEW_PROJECT_TEMPLATE_ID}">${newProjectDialog}</template>`,
        );
      },
    },
  };
}

/** first-paint.ts as one small classic script that runs itself. */
async function bundleScript(): Promise<string> {
  const result = await esbuild({
    stdin: {
      contents: `import { startFirstPaint } from './first-paint.ts';\nstartFirstPaint(window);\n`,
      resolveDir: here('../src/app/first-paint'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** The home page's and its New project dialog's markup, rendered by React in happy-dom, with the app's own Vite config. */
async function renderMarkup(): Promise<FirstPaintMarkup> {
  const [{ Window }, { createServer }] = await Promise.all([import('happy-dom'), import('vite')]);
  const window = new Window({ url: 'http://localhost/' });
  const scope = globalThis as Record<string, unknown>;
  // The page's globals for React DOM and the app's modules: Node's own `navigator` is replaced,
  // its `Event` and the like are kept (Vite's server uses them).
  const replaced = ['window', 'document', 'navigator', 'location', 'localStorage', 'sessionStorage'];
  const added = ['HTMLElement', 'Element', 'Node', 'Text', 'SVGElement', 'HTMLIFrameElement', 'MutationObserver']
    .concat(['getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame'])
    .filter((name) => !(name in scope));
  const names = [...replaced, ...added];
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(scope, name));
  const page = window as unknown as Record<string, unknown>;
  for (const name of names) {
    Object.defineProperty(scope, name, { value: page[name], configurable: true, writable: true });
  }
  const server = await createServer({
    configFile: here('../vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    const module = (await server.ssrLoadModule('/src/app/first-paint/render-home-markup.tsx')) as {
      renderHomeMarkup: () => Promise<FirstPaintMarkup>;
    };
    return await module.renderHomeMarkup();
  } finally {
    await server.close();
    names.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor) Object.defineProperty(scope, name, descriptor);
      else delete scope[name];
    });
    await window.happyDOM.close();
  }
}
