// Keyboard and screen-reader users who follow a link inside the guides should start reading the
// new page at its heading, not stay on a link that may have gone (a search result, a contents
// entry). A link says it wants that; the page frame moves focus once the new heading is there.

let pending = false;

/** Called by an in-app docs link as it is followed. */
export function focusHeadingAfterNavigation(): void {
  pending = true;
}

/**
 * Moves focus to the page's first heading if a docs link asked for it and the heading is there
 * (a page still loading has none yet: the next call, after it loads, does it).
 */
export function takeHeadingFocus(root: ParentNode | null): void {
  if (!pending || !root) return;
  const heading = root.querySelector<HTMLElement>('h1');
  if (!heading) return;
  pending = false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
}
