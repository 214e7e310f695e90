// How the app tells the first paint's script (first-paint.ts) that React has taken the picture
// over by hydrating it (main.tsx): the picture's nodes stay, so the script cannot see that by
// their going. An event on `#root`, so the two sides share a name only (the script is bundled on
// its own, build/first-paint-plugin.ts).

/**
 * On `#root` right after `hydrateRoot`: presses are React's from now on, and the one the picture
 * kept is made now. React then hydrates at once what the press needs before it handles it (a
 * discrete event on markup not yet hydrated), instead of the home page's part last, when idle.
 */
export const HYDRATION_EVENT = 'blockyard:first-paint-hydration';

/** Tells the first paint's script that React hydrates the picture in `root` (a no-op when nothing listens). */
export function announceHydration(root: Element): void {
  root.dispatchEvent(new Event(HYDRATION_EVENT));
}
