import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DinnerRouteStop } from '../../contract/teams.js';
import { addDays } from '../../domain/local-dates.js';
import { afterParty, createBody } from '../support/factories.js';
import { confirmOrganiser, startServerWithSmtpSink, stopServerWithSmtpSink } from '../support/mail-server.js';
import type { SmtpSink } from '../support/smtp-sink.js';
import { dinnerWithTeams } from '../support/teams.js';
import { call, type TestServer } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 23: what a guest needs at the door, per stop: who hosts, the doorbell remarks, whom to call and a map link
// with the stop's position — in the route mail's text and HTML, in its calendar file and on the route page.

const messagesPath = (adminId: string, suffix: string) => `/messageservice/v1/runningdinner/${adminId}${suffix}`;
const position = (n: number) => ({ lat: 47.99 + n / 1000, lng: 7.85 + n / 1000 });
const mapLinkOf = (n: number) => {
  const [lat, lng] = [position(n).lat, position(n).lng].map((degrees) => Math.round(degrees * 1e5) / 1e5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`;
};

describe('a dinner-route mail at the door', () => {
  let sink: SmtpSink;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, sink } = await startServerWithSmtpSink({ MAIL_RATE_PER_SECOND: '1000', MAIL_CONCURRENCY: '8' }));
  });
  afterAll(() => stopServerWithSmtpSink({ server, sink }));

  it('names per visit the hosts, their doorbell remarks, their mobile number and a map link at their position', async () => {
    const { dinner } = await dinnerWithTeams(server, 18, {
      body: createBody({ languageCode: 'en' }),
      overrides: (n) => ({
        address_remarks: `Floor ${n}, ring at Nummer${n}`,
        mobile_number: `+49 170 000${n}`,
        ...position(n),
      }),
    });
    await confirmOrganiser(server, dinner.id);
    const templates = (await call(server, 'GET', messagesPath(dinner.adminId, '/templates'))).json;
    const sent = await call(server, 'PUT', messagesPath(dinner.adminId, '/mails/dinnerroute?sendToDinnerOwner=false'), {
      ...templates.DINNER_ROUTE,
      subject: 'Door test',
      teamSelection: 'ALL',
    });
    expect(sent.status, sent.text).toBe(201);
    const mails = await until(() => {
      const arrived = sink.mails.filter((m) => m.subject === 'Door test');
      return arrived.length === 18 && arrived;
    }, 'the 18 route mails');

    // The HTML part reads like a letter: the event as heading, a button that says what it opens with its link
    // written out below, and the footer naming whom to ask, as in the text part.
    const contact = 'Clara Öztürk <orga@example.org>';
    for (const mail of mails) {
      const routeLink = mail.text.match(/https?:\/\/\S+\/dinnerroute\/\S+/)![0];
      expect(mail.html).toContain(
        '<h1 style="margin:0 0 1em;font-size:20px;line-height:1.3;color:#0b6e4f">Running Dinner in der Wiehre</h1>',
      );
      expect(mail.html).toContain(`<a class="button" href="${routeLink}"`);
      expect(mail.html).toMatch(
        /class="button"[^>]*>Open my route<\/a><span[^>]*>If the button does not work, open this link: <a href="[^"]+"[^>]*>http/,
      );
      expect(mail.text).toContain(`Answer this mail or write to ${contact}.`);
      expect(mail.html).toContain('Answer this mail or write to Clara Öztürk &lt;orga@example.org&gt;.');
    }
    for (const mail of mails) {
      const link = mail.text.match(/https?:\/\/\S+\/self\/([^/\s]+)\/dinnerroute\/([^/\s]+)\/([^/\s]+)/)!;
      const page = await call(server, 'GET', `/self/v1/${link[1]}/${link[2]}/${link[3]}/dinnerroute`);
      const visits: DinnerRouteStop[] = page.json.stops.filter((stop: DinnerRouteStop) => !stop.isOwnTeam);
      expect(visits).toHaveLength(2);
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0].content));
      const events = calendar.getAllSubcomponents('vevent');
      for (const visit of visits) {
        const host = visit.hostTeam;
        const n = Number(host.addressRemarks.match(/Floor (\d+)/)![1]);
        const door = [host.hostNames, `Floor ${n}, ring at Nummer${n}`, `+49 170 000${n}`, mapLinkOf(n)];
        for (const part of door) {
          expect(mail.text, `text part: ${part}`).toContain(part);
          expect(mail.html, `HTML part: ${part}`).toContain(part.replace(/&/g, '&amp;'));
        }
        const event = events.find((e) => String(e.getFirstPropertyValue('summary')).startsWith(visit.meal.label))!;
        expect(String(event.getFirstPropertyValue('location'))).toContain(`Floor ${n}, ring at Nummer${n}`);
        const description = String(event.getFirstPropertyValue('description'));
        for (const part of [host.hostNames, `+49 170 000${n}`, mapLinkOf(n)]) expect(description).toContain(part);
        expect(host.lat).toBeCloseTo(position(n).lat, 6);
      }
    }
  });

  it('dates an after-party after midnight in the route mail', async () => {
    const body = createBody({ languageCode: 'en' });
    const nextDay = addDays(body.basicDetails.date, 1);
    const { dinner } = await dinnerWithTeams(server, 18, {
      body: { ...body, afterPartyLocation: afterParty(`${nextDay}T00:30`) },
    });
    await confirmOrganiser(server, dinner.id);
    const templates = (await call(server, 'GET', messagesPath(dinner.adminId, '/templates'))).json;
    const preview = await call(server, 'PUT', messagesPath(dinner.adminId, '/mails/dinnerroute/preview'), {
      ...templates.DINNER_ROUTE,
      teamSelection: 'ALL',
    });
    const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${nextDay}T00:00:00Z`),
    );
    expect(preview.json.previewMessageList[0].message).toContain(`Afterwards: Absacker at ${day}, 00:30, `);
  });
});
