import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_TEMPLATE_ID, startFirstPaint, type PageWindow } from './first-paint.ts';
import { NEW_PROJECT_TEMPLATE_ID } from './early-new-project.ts';

const picture =
  '<main><button type="button" class="home-new">New project</button>' +
  '<dialog class="dialog new-project-dialog"></dialog></main>';
const dialogMarkup =
  '<dialog class="dialog new-project-dialog" aria-labelledby="t"><h2 id="t">New project</h2>' +
  '<form><label for="n">Project name</label><input id="n" value="My project">' +
  '<button type="button">Cancel</button><button type="submit">Create</button></form></dialog>';

const windows: Window[] = [];
afterEach(async () => {
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

function page(dialog = dialogMarkup) {
  const window = new Window({ url: 'http://localhost/' });
  windows.push(window);
  Object.defineProperty(window.navigator, 'languages', { value: ['en'], configurable: true });
  window.document.body.innerHTML =
    `<div id="root"></div><template id="${FIRST_PAINT_TEMPLATE_ID}">${picture}</template>` +
    `<template id="${NEW_PROJECT_TEMPLATE_ID}">${dialog}</template>`;
  startFirstPaint(window as unknown as PageWindow);
  return window;
}

const root = (window: Window) => window.document.getElementById('root')!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the app's page did with the handed-over dialog. */
interface AppLog {
  presses: number;
  typed: string[];
  submitted: string[];
}

/**
 * React's first commit: the home page with its own New project button, which opens the app's
 * dialog a microtask after the press (as React's discrete update does), name suggested "My
 * project 2" (the app knows the names taken).
 */
function commitApp(window: Window): AppLog {
  const log: AppLog = { presses: 0, typed: [], submitted: [] };
  const doc = window.document;
  const app = doc.createElement('main');
  app.innerHTML =
    '<button type="button" class="home-new">New project</button><dialog class="dialog new-project-dialog"></dialog>';
  app.querySelector('button')!.addEventListener('click', () => {
    log.presses++;
    queueMicrotask(() => {
      const dialog = app.querySelector('dialog')!;
      dialog.innerHTML = '<form><label for="a">Project name</label><input id="a" value="My project 2"></form>';
      const input = dialog.querySelector('input')!;
      input.addEventListener('input', () => log.typed.push(input.value));
      dialog.querySelector('form')!.addEventListener('submit', (event) => {
        event.preventDefault();
        log.submitted.push(input.value);
      });
      dialog.showModal();
    });
  });
  root(window).replaceChildren(app);
  return log;
}

function pictureDialog(window: Window) {
  const dialog = root(window).querySelector('dialog.new-project-dialog')!;
  return { dialog, input: dialog.querySelector('input')!, form: dialog.querySelector('form')! };
}

function type(window: Window, text: string) {
  const { input } = pictureDialog(window);
  input.value = text;
  input.dispatchEvent(new window.Event('input', { bubbles: true }));
}

describe('the New project dialog on the picture', () => {
  it('opens on the press, in place of the empty one, with the name ready to replace', () => {
    const window = page();
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    const { dialog, input } = pictureDialog(window);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(root(window).querySelectorAll('dialog')).toHaveLength(1);
    expect(window.document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'My project'.length]);
    expect(window.document.getElementById(NEW_PROJECT_TEMPLATE_ID)).toBeNull();
  });

  it('hands a typed name and a pressed Enter to the app, which makes the project', async () => {
    const window = page();
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    type(window, 'Rocket');
    pictureDialog(window).form.requestSubmit();
    expect(pictureDialog(window).input.readOnly).toBe(true);
    const app = commitApp(window);
    await flush();
    expect(app).toEqual({ presses: 1, typed: ['Rocket'], submitted: ['Rocket'] });
  });

  it('leaves the app its own suggestion when nothing was typed', async () => {
    const window = page();
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    pictureDialog(window).form.requestSubmit();
    const app = commitApp(window);
    await flush();
    expect(app).toEqual({ presses: 1, typed: [], submitted: ['My project 2'] });
  });

  it('hands over a name still being typed, with the caret where it was, without submitting', async () => {
    const window = page();
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    type(window, 'Rock');
    pictureDialog(window).input.setSelectionRange(2, 2);
    const app = commitApp(window);
    await flush();
    expect(app).toEqual({ presses: 1, typed: ['Rock'], submitted: [] });
    const input = root(window).querySelector('dialog[open] input') as unknown as HTMLInputElement;
    expect(window.document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 2]);
  });

  it('hands nothing over after Cancel or Escape', async () => {
    for (const how of ['cancel', 'escape'] as const) {
      const window = page();
      (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
      type(window, 'Rocket');
      const { dialog } = pictureDialog(window);
      if (how === 'cancel') (dialog.querySelector('button[type="button"]') as unknown as HTMLElement).click();
      else dialog.dispatchEvent(new window.Event('cancel', { cancelable: true }));
      expect(dialog.hasAttribute('open')).toBe(false);
      const app = commitApp(window);
      await flush();
      expect(app).toEqual({ presses: 0, typed: [], submitted: [] });
    }
  });

  it('keeps the press as any other when the template holds no dialog', async () => {
    const window = page('<p>not a dialog</p>');
    (root(window).querySelector('.home-new') as unknown as HTMLElement).click();
    expect(root(window).querySelector('dialog[open]')).toBeNull();
    const app = commitApp(window);
    await flush();
    expect(app).toEqual({ presses: 1, typed: [], submitted: [] });
  });
});
