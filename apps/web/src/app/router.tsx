import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { DocsLoadError } from '../docs/DocsLoadError.tsx';
import { AppShell } from '../shell/AppShell.tsx';
import { HomePage } from '../routes/HomePage.tsx';
import { NotFoundPage } from '../routes/NotFoundPage.tsx';
import { TutorialPage } from '../routes/TutorialPage.tsx';

// Code-based routes: TanStack Router types every path and its params from this tree.
const rootRoute = createRootRoute({ component: AppShell, notFoundComponent: NotFoundPage });

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
const editorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/projects/$id',
  // Its own chunk: the home page fetches it (and Blockly) only once idle, never CodeMirror.
  component: lazyRouteComponent(() => import('../editor/EditorPage.tsx'), 'EditorPage'),
});
const docsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/docs/$',
  // Its own chunk: the guides, their search index and the code highlighter load only here.
  component: lazyRouteComponent(() => import('../docs/DocsPage.tsx'), 'DocsPage'),
  // Offline, a chunk not yet loaded cannot be: plain words instead of the router's error.
  errorComponent: DocsLoadError,
});
const referenceRoute = createRoute({
  getParentRoute: () => rootRoute,
  // Block help, /reference/{namespace}/{block} (spec 000 §2): the docs chunk, with the help pages.
  path: '/reference/$',
  component: lazyRouteComponent(() => import('../docs/ReferencePage.tsx'), 'ReferencePage'),
  errorComponent: DocsLoadError,
});
const packageHelpRoute = createRoute({
  getParentRoute: () => rootRoute,
  // Extension help, /pkg/{name} or /pkg/{owner}/{project}[/{tag}] (spec 000 §2): the docs chunk.
  path: '/pkg/$',
  component: lazyRouteComponent(() => import('../docs/PackagePage.tsx'), 'PackagePage'),
  errorComponent: DocsLoadError,
});
// A share link, /_ and 12 letters or digits; the page shows "not found" for any other one-part address.
const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/$scriptId',
  component: lazyRouteComponent(() => import('../share/SharePage.tsx'), 'SharePage'),
});
const tutorialRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tutorials/$id',
  component: TutorialPage,
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  editorRoute,
  docsRoute,
  referenceRoute,
  packageHelpRoute,
  tutorialRoute,
  shareRoute,
]);

/** The app's router; `history` for a page drawn away from a browser's address (build/first-paint-plugin.ts). */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({ routeTree, defaultPreload: 'intent', ...options });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
