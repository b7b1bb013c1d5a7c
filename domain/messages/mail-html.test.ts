import { describe, expect, it } from 'vitest';
import { mailHtml } from './mail-html.js';

describe('the HTML part of a mail', () => {
  it('escapes every character of the text', () => {
    const html = mailHtml('Hallo <script>alert("x")</script> & \'du\'');
    expect(html).toContain('Hallo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;du&#39;');
    expect(html).not.toContain('<script>');
  });

  it('keeps paragraphs and line breaks', () => {
    const html = mailHtml('Erste Zeile\r\nzweite Zeile\n\n\nNeuer Absatz');
    expect(html).toContain('<p style="margin:0 0 1em">Erste Zeile<br>\nzweite Zeile</p>');
    expect(html).toContain('<p style="margin:0 0 1em">Neuer Absatz</p>');
  });

  it('makes the first URL the one button and the others links, without the punctuation after them', () => {
    const html = mailHtml(
      'Bestätigen: https://dinner.example.org/a?x=1&y=2. Danach (http://example.org/b), dann https://example.org/c!',
    );
    expect(html.match(/class="button"/g)).toHaveLength(1);
    expect(html).toMatch(
      /<a class="button" href="https:\/\/dinner\.example\.org\/a\?x=1&amp;y=2"[^>]*>https:\/\/dinner\.example\.org\/a\?x=1&amp;y=2<\/a>\. Danach/,
    );
    expect(html).toMatch(
      /\(<a href="http:\/\/example\.org\/b"[^>]*>http:\/\/example\.org\/b<\/a>\), dann <a href="https:\/\/example\.org\/c"/,
    );
  });

  it('makes the first link into the app the button, though a map link comes before it', () => {
    const html = mailHtml(
      'Karte: https://www.openstreetmap.org/?mlat=48&mlon=7\n\nDeine Route: https://dinner.example.org/self/a/dinnerroute/b',
      { appUrl: 'https://dinner.example.org' },
    );
    expect(html.match(/class="button"/g)).toHaveLength(1);
    expect(html).toMatch(/<a class="button" href="https:\/\/dinner\.example\.org\/self\/a\/dinnerroute\/b"/);
    expect(html).toMatch(/<a href="https:\/\/www\.openstreetmap\.org\/\?mlat=48&amp;mlon=7"/);
  });

  it('with words, has the event as an escaped heading and a button that says what it opens, its link written out below', () => {
    const html = mailHtml('Deine Route: https://dinner.example.org/self/a/dinnerroute/b/c', {
      appUrl: 'https://dinner.example.org',
      heading: 'Dinner <b>"Wiehre"</b>',
      buttonLabel: (url) => (url.includes('/dinnerroute/') ? 'Meine Route öffnen' : 'Den Link öffnen'),
      linkNote: 'Falls der Button nicht funktioniert, öffne diesen Link:',
    });
    expect(html).toContain('>Dinner &lt;b&gt;&quot;Wiehre&quot;&lt;/b&gt;</h1>');
    expect(html).toMatch(
      /<a class="button" href="https:\/\/dinner\.example\.org\/self\/a\/dinnerroute\/b\/c"[^>]*>Meine Route öffnen<\/a><span[^>]*>Falls der Button nicht funktioniert, öffne diesen Link: <a href="https:\/\/dinner\.example\.org\/self\/a\/dinnerroute\/b\/c"/,
    );
  });

  it('links no other schemes and breaks no quotes out of an attribute', () => {
    const html = mailHtml('javascript:alert(1) https://example.org/"onmouseover="x');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('href="https://example.org/"');
    expect(html).toContain('&quot;onmouseover=&quot;x');
  });
});
