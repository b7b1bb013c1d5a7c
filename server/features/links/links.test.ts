import { describe, expect, it } from 'vitest';
import {
  acknowledgeUrl,
  activationUrl,
  administrationUrl,
  dinnerRouteUrl,
  linkKindOf,
  participantsExportUrl,
  paymentPageUrl,
  personalPageUrl,
  publicDinnerUrl,
  teamHostUrl,
} from './links.js';

const publicUrl = 'https://dinner.example.org/laufgelage';
const deps = { config: { publicUrl } } as Parameters<typeof administrationUrl>[0];

describe('linkKindOf', () => {
  it('tells every link the app makes by its shape, under a PUBLIC_URL with a path', () => {
    const kinds = [
      [acknowledgeUrl(deps, 'a', 'k'), 'acknowledge'],
      [administrationUrl(deps, 'a'), 'administration'],
      [activationUrl(deps, 'p', 'q'), 'activation'],
      [paymentPageUrl(deps, 'p', 'o'), 'payment'],
      [publicDinnerUrl(deps, 'p'), 'publicDinner'],
      [personalPageUrl(deps, 's', 'q'), 'personalPage'],
      [teamHostUrl(deps, 's', 'q', 't'), 'teamHost'],
      [dinnerRouteUrl(deps, 's', 'q', 't'), 'dinnerRoute'],
      [participantsExportUrl(deps, 'a'), 'participantsExport'],
    ] as const;
    for (const [url, kind] of kinds) expect(linkKindOf(publicUrl, url), url).toBe(kind);
  });

  it('knows no link elsewhere, nor one of another shape', () => {
    expect(linkKindOf(publicUrl, 'https://www.openstreetmap.org/?mlat=1&mlon=2')).toBeNull();
    expect(linkKindOf(publicUrl, 'https://dinner.example.org/admin/a')).toBeNull();
    expect(linkKindOf(publicUrl, `${publicUrl}/impressum`)).toBeNull();
  });
});
