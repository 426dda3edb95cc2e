import { fillMergeFields, type MailingMergeField } from '@studio/rules';
import MarkdownIt from 'markdown-it';
import { escapeHtml } from '../../common/html.js';

// Raw HTML in the body is shown as text, and markdown-it refuses javascript:/data: links: the HTML part is safe.
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

export interface RenderedMailing {
  subject: string;
  text: string;
  html: string;
}

/**
 * A mailing's Markdown made once into the parts of an email, then filled per recipient: `fill` costs a few string
 * replacements, so a mailing to 100,000 members renders its Markdown once.
 */
export class MailingTemplate {
  private readonly bodyHtml: string;

  constructor(
    private readonly subject: string,
    private readonly body: string,
    private readonly studioName: string,
  ) {
    this.bodyHtml = markdown.render(body);
  }

  fill(values: Record<MailingMergeField, string>, unsubscribeUrl: string | null): RenderedMailing {
    const subject = fillMergeFields(this.subject, values).replace(/[\r\n]+/g, ' ');
    const footerText = unsubscribeUrl ? `\n\n--\nYou receive this as a member of ${this.studioName}. Unsubscribe: ${unsubscribeUrl}` : '';
    const footerHtml = unsubscribeUrl
      ? `<p style="margin-top:32px;color:#6b6b6b;font-size:12px">You receive this as a member of ${escapeHtml(this.studioName)}. ` +
        `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#6b6b6b">Unsubscribe</a></p>`
      : '';
    const html =
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
      `<body style="margin:0;padding:24px;background:#f6f4f8;font-family:Helvetica,Arial,sans-serif;color:#1f1a24">` +
      `<div style="max-width:600px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;line-height:1.5">` +
      fillMergeFields(this.bodyHtml, values, escapeHtml) +
      footerHtml +
      `</div></body></html>`;
    return { subject, text: fillMergeFields(this.body, values) + footerText, html };
  }
}
