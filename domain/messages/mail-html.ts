import escapeHtml from 'escape-html';

/** An http(s) URL up to the next space; punctuation right after it ends the sentence, not the URL. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

const BODY_STYLE =
  'margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222';
const PARAGRAPH_STYLE = 'margin:0 0 1em';
const LINK_STYLE = 'color:#0b6e4f;word-break:break-all';
const BUTTON_STYLE =
  'display:inline-block;margin:4px 0;padding:12px 20px;background:#0b6e4f;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;word-break:break-all';

const link = (url: string) => `<a href="${escapeHtml(url)}" style="${LINK_STYLE}">${escapeHtml(url)}</a>`;
/** The button shows its URL: the reader sees where it leads, as in the plain-text part. */
const button = (url: string) =>
  `<a class="button" href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(url)}</a>`;

/**
 * The text escaped, its URLs as links, the mail's main link as a button; line breaks stay. The main link is the first
 * into the app (`appOrigin`: a route, a team page, a confirmation), else the first of all.
 */
function linked(text: string, appOrigin: string | undefined): string {
  const urls = [...text.matchAll(URL_IN_TEXT)];
  const intoApp = appOrigin === undefined ? -1 : urls.findIndex((m) => m[0].startsWith(`${appOrigin}/`));
  const main = intoApp >= 0 ? intoApp : 0;
  let html = '';
  let end = 0;
  for (const [index, match] of urls.entries()) {
    html += escapeHtml(text.slice(end, match.index)) + (index === main ? button(match[0]) : link(match[0]));
    end = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(end));
}

/**
 * The HTML part of a mail, rendered from its plain text: every character of the text escaped, paragraphs and
 * line breaks kept, links clickable and the main link a button. Styles inline: mail programs drop style sheets.
 */
export function mailHtml(text: string, appOrigin?: string): string {
  const paragraphs = linked(text.replace(/\r\n?/g, '\n').trim(), appOrigin)
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="${PARAGRAPH_STYLE}">${paragraph.replace(/\n/g, '<br>\n')}</p>`);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    `<body style="${BODY_STYLE}"><div style="max-width:600px;margin:0 auto">`,
    ...paragraphs,
    '</div></body></html>',
  ].join('\n');
}
