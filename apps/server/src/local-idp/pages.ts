import { escapeHtml } from '../auth/html.ts';

/**
 * The local provider's pages: plain HTML forms (no scripts, so the server's policy holds), large
 * buttons, readable type, and the same calm colours as the app.
 */
export function idpPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Blockyard</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
  :root { color-scheme: light; --ink: #1f2937; --muted: #4b5563; --line: #d1d5db; --accent: #4338ca; --bg: #f8fafc; }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--ink); font: 18px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { max-width: 34rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid var(--line); border-radius: 16px; }
  h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
  p { color: var(--muted); margin: 0 0 1.25rem; }
  form { margin: 0; }
  .accounts { display: grid; gap: .75rem; margin: 0 0 1.5rem; padding: 0; list-style: none; }
  .account { display: flex; align-items: center; gap: 1rem; width: 100%; min-height: 56px; padding: .75rem 1rem; border: 2px solid var(--line); border-radius: 12px; background: #fff; color: var(--ink); font: inherit; text-align: left; cursor: pointer; }
  .account:hover, .account:focus-visible { border-color: var(--accent); outline: none; box-shadow: 0 0 0 3px #c7d2fe; }
  .badge { display: inline-grid; place-items: center; width: 40px; height: 40px; border-radius: 50%; color: #fff; font-weight: 700; flex: none; }
  .who { display: grid; }
  .who small { color: var(--muted); font-size: .85rem; }
  .secondary { min-height: 48px; padding: .5rem 1.25rem; border: 2px solid var(--line); border-radius: 999px; background: #fff; color: var(--ink); font: inherit; cursor: pointer; }
  .secondary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .note { font-size: .9rem; border-left: 4px solid #fbbf24; padding-left: .75rem; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface AccountChoice {
  id: string;
  name: string;
  username: string;
  colour: string;
  /** Extra words under the name (e.g. "Signed in"). */
  note?: string;
}

export function accountButtons(action: string, accounts: readonly AccountChoice[]): string {
  const items = accounts
    .map(
      (account) => `<li><button class="account" type="submit" name="account" value="${escapeHtml(account.id)}">
  <span class="badge" aria-hidden="true" style="background:${escapeHtml(account.colour)}">${escapeHtml(account.name.slice(0, 1))}</span>
  <span class="who"><span>${escapeHtml(account.name)}</span><small>@${escapeHtml(account.username)}${account.note ? ` · ${escapeHtml(account.note)}` : ''}</small></span>
</button></li>`,
    )
    .join('\n');
  return `<form method="post" action="${escapeHtml(action)}"><ul class="accounts">${items}</ul></form>`;
}

export function cancelButton(action: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button class="secondary" type="submit">Cancel</button></form>`;
}
