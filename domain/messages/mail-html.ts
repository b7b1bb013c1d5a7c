import escapeHtml from 'escape-html';

/** An http(s) URL up to the next space; punctuation right after it ends the sentence, not the URL. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

const BODY_STYLE =
  'margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222';
const PARAGRAPH_STYLE = 'margin:0 0 1em';
const LINK_STYLE = 'color:#0b6e4f;word-break:break-all';
const BUTTON_STYLE =
  'display:inline-block;margin:4px 0;padding:12px 20px;background:#0b6e4f;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold;word-break:break-all';

const HEADING_STYLE = 'margin:0 0 1em;font-size:20px;line-height:1.3;color:#0b6e4f';
const NOTE_STYLE = 'display:block;margin-top:6px;font-size:13px;color:#555555';

/** What the HTML part says beyond the text: the event as heading, and words for its button. */
export interface MailHtmlOptions {
  /** Where the app's links begin (PUBLIC_URL): the first of them is the button. */
  appUrl?: string;
  heading?: string | null;
  /** What the button says for its link; without it the button shows the link itself. */
  buttonLabel?: (url: string) => string;
  /** Said before the link written out under a labelled button, for mail programs that hide buttons. */
  linkNote?: string;
}

const link = (url: string) => `<a href="${escapeHtml(url)}" style="${LINK_STYLE}">${escapeHtml(url)}</a>`;

/** A button says what it does and has its link written out below; without words it shows the link itself. */
function button(url: string, { buttonLabel, linkNote }: MailHtmlOptions): string {
  const label = buttonLabel ? buttonLabel(url) : url;
  const anchor = `<a class="button" href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a>`;
  if (!buttonLabel) return anchor;
  return `${anchor}<span style="${NOTE_STYLE}">${escapeHtml(linkNote ?? '')} ${link(url)}</span>`;
}

/**
 * The text escaped, its URLs as links, the mail's main link as a button; line breaks stay. The main link is the first
 * into the app (`appUrl`: a route, a team page, a confirmation), else the first of all.
 */
function linked(text: string, options: MailHtmlOptions): string {
  const { appUrl } = options;
  const urls = [...text.matchAll(URL_IN_TEXT)];
  const intoApp = appUrl === undefined ? -1 : urls.findIndex((m) => m[0].startsWith(`${appUrl}/`));
  const main = intoApp >= 0 ? intoApp : 0;
  let html = '';
  let end = 0;
  for (const [index, match] of urls.entries()) {
    html += escapeHtml(text.slice(end, match.index)) + (index === main ? button(match[0], options) : link(match[0]));
    end = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(end));
}

/**
 * The HTML part of a mail, rendered from its plain text: every character of the text escaped, paragraphs and
 * line breaks kept, links clickable and the main link a button. Styles inline: mail programs drop style sheets.
 */
export function mailHtml(text: string, options: MailHtmlOptions = {}): string {
  const paragraphs = linked(text.replace(/\r\n?/g, '\n').trim(), options)
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="${PARAGRAPH_STYLE}">${paragraph.replace(/\n/g, '<br>\n')}</p>`);
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    `<body style="${BODY_STYLE}"><div style="max-width:600px;margin:0 auto">`,
    ...(options.heading ? [`<h1 style="${HEADING_STYLE}">${escapeHtml(options.heading)}</h1>`] : []),
    ...paragraphs,
    '</div></body></html>',
  ].join('\n');
}
