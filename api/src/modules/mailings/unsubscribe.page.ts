import { escapeHtml } from '../../common/html.js';

export type UnsubscribeState = 'confirm' | 'done' | 'invalid';

/**
 * The page an email's unsubscribe link opens. The link itself changes nothing (mail scanners open links); its button
 * posts to the same address, as a mail app's one-click unsubscribe does. No script.
 */
export function unsubscribePage(state: UnsubscribeState, studioName: string, action: string): string {
  const body = {
    confirm: `<h1>Unsubscribe from studio mailings?</h1>
      <p>You will no longer receive news and announcements from ${escapeHtml(studioName)} by email. Receipts, password resets and
      booking emails still come.</p>
      <form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
    done: `<h1>You are unsubscribed</h1>
      <p>${escapeHtml(studioName)} will send you no more mailings. Changed your mind? Turn them back on from your profile.</p>
      <p><a href="/profile">Open my profile</a></p>`,
    invalid: `<h1>This link does not work</h1>
      <p>It may have been cut off by your email app. Sign in and change your email choices on your profile.</p>
      <p><a href="/profile">Open my profile</a></p>`,
  }[state];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Email choices — ${escapeHtml(studioName)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f5f3ff; margin: 0; padding: 24px 16px; color: #1f1633; }
  main { max-width: 440px; margin: 0 auto; background: #fff; border-radius: 16px; padding: 28px 24px; box-shadow: 0 8px 30px rgba(60, 30, 120, .12); }
  h1 { font-size: 1.35rem; margin: 0 0 12px; }
  p { line-height: 1.5; }
  button { width: 100%; padding: 12px; border-radius: 10px; font-size: 1rem; font-weight: 600; cursor: pointer; border: 1px solid #7c3aed; background: #7c3aed; color: #fff; }
  a { color: #5b21b6; }
</style></head>
<body><main>${body}</main></body></html>`;
}
