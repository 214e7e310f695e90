import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_TEMPLATE_ID, drawsHomeFirst, startFirstPaint, type PageWindow } from './first-paint.ts';

const picture = '<main><button type="button" class="home-new">New project</button><a href="/docs">Learn</a></main>';

const windows: Window[] = [];
afterEach(async () => {
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

function page(url = 'http://localhost/', languages: string[] = ['en-GB']) {
  const window = new Window({ url });
  windows.push(window);
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  window.document.body.innerHTML = `<div id="root"></div><template id="${FIRST_PAINT_TEMPLATE_ID}">${picture}</template>`;
  return window;
}

/** React's first commit over the picture: the same markup, new elements. */
function appPage(window: Window) {
  const app = window.document.createElement('main');
  app.innerHTML = '<button type="button" class="home-new">New project</button><a href="/docs">Learn</a>';
  return app;
}

const start = (window: Window) => startFirstPaint(window as unknown as PageWindow);
const root = (window: Window) => window.document.getElementById('root')!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startFirstPaint', () => {
  it('puts the home page in #root and drops the template', () => {
    const window = page();
    start(window);
    expect(root(window).querySelector('.home-new')?.textContent).toBe('New project');
    expect(root(window).hasAttribute('data-picture')).toBe(true);
    expect(window.document.getElementById(FIRST_PAINT_TEMPLATE_ID)).toBeNull();
    expect(window.document.documentElement.dataset['theme']).toBeUndefined();
  });

  it('applies a saved high-contrast theme before it shows', () => {
    const window = page();
    window.localStorage.setItem('blockyard:theme', 'high-contrast');
    start(window);
    expect(window.document.documentElement.dataset['theme']).toBe('high-contrast');
  });

  it('shows nothing where the app would draw something else first', () => {
    const elsewhere = [
      page('http://localhost/projects/p1'),
      page('http://localhost/?nosharedlocalstorage=1'),
      page('http://localhost/#x'),
      page('http://localhost/', ['de-DE', 'en']),
    ];
    const saved = page('http://localhost/', ['en']);
    saved.localStorage.setItem('blockyard:language', 'fr');
    const cookie = page('http://localhost/', ['en']);
    cookie.document.cookie = 'PXT_LANG=de';
    for (const window of [...elsewhere, saved, cookie]) {
      expect(drawsHomeFirst(window as unknown as PageWindow)).toBe(false);
      start(window);
      expect(root(window).childNodes.length).toBe(0);
    }
    const english = page('http://localhost/', ['de']);
    english.localStorage.setItem('blockyard:language', 'en');
    expect(drawsHomeFirst(english as unknown as PageWindow)).toBe(true);
  });

  it('makes a press on the picture again on the app page once it replaces the picture', async () => {
    const window = page();
    start(window);
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    const app = appPage(window);
    const pressed: string[] = [];
    app.querySelector('button')!.addEventListener('click', () => pressed.push('new project'));
    root(window).replaceChildren(app);
    await flush();
    expect(pressed).toEqual(['new project']);
    expect(root(window).hasAttribute('data-picture')).toBe(false);
  });

  it('waits for the pressed element when the app draws the page a commit later', async () => {
    const window = page();
    start(window);
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    root(window).replaceChildren();
    await flush();
    const app = appPage(window);
    let presses = 0;
    app.querySelector('button')!.addEventListener('click', () => presses++);
    root(window).append(app);
    await flush();
    expect(presses).toBe(1);
  });

  it('forgets nothing when there was no press, and presses nothing', async () => {
    const window = page();
    start(window);
    const app = appPage(window);
    let presses = 0;
    app.querySelector('button')!.addEventListener('click', () => presses++);
    root(window).replaceChildren(app);
    await flush();
    expect(presses).toBe(0);
  });

  it('keeps keyboard focus on the same element when the app replaces the picture', async () => {
    const window = page();
    start(window);
    (root(window).querySelector('a') as unknown as HTMLElement).focus();
    const app = appPage(window);
    root(window).replaceChildren(app);
    await flush();
    expect(window.document.activeElement).toBe(app.querySelector('a'));
  });

  it('leaves focus alone when the learner has moved on in the app page', async () => {
    const window = page();
    start(window);
    (root(window).querySelector('a') as unknown as HTMLElement).focus();
    root(window).replaceChildren();
    const app = appPage(window);
    root(window).append(app);
    app.querySelector('button')!.focus();
    await flush();
    expect(window.document.activeElement).toBe(app.querySelector('button'));
  });

  it('gives files chosen on the picture to the same file box in the app page', async () => {
    const window = page();
    start(window);
    const box = window.document.createElement('input');
    box.type = 'file';
    root(window).firstElementChild?.append(box);
    const file = new window.File(['# Sheep'], 'sheep.md', { type: 'text/markdown' });
    const chosen = new window.DataTransfer();
    chosen.items.add(file);
    (box as unknown as HTMLInputElement).files = chosen.files as unknown as FileList;
    box.dispatchEvent(new window.Event('change', { bubbles: true }));
    const app = window.document.createElement('main');
    app.innerHTML =
      '<button type="button" class="home-new">New project</button><a href="/docs">Learn</a><input type="file">';
    const received: string[] = [];
    const appBox = app.querySelector('input')!;
    appBox.addEventListener('change', () => received.push(...[...(appBox.files ?? [])].map((f) => f.name)));
    root(window).replaceChildren(app);
    await flush();
    expect(received).toEqual(['sheep.md']);
  });
});
