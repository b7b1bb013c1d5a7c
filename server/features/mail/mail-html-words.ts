import type { Language } from '../../../contract/dinner.js';
import { translate } from '../../lib/i18n.js';
import { type LinkKind, linkKindOf } from '../links/links.js';

// The words of a mail's HTML part that its text part does not need: what its button does, and where to find the
// link written out for mail programs that hide buttons.

const BUTTON: Record<LinkKind | 'other', { id: string; message: string }> = {
  acknowledge: /*i18n*/ { id: 'mail.button.acknowledge', message: 'Confirm my e-mail address' },
  administration: /*i18n*/ { id: 'mail.button.administration', message: 'Open the administration' },
  activation: /*i18n*/ { id: 'mail.button.activation', message: 'Confirm my registration' },
  payment: /*i18n*/ { id: 'mail.button.payment', message: 'Open my payment' },
  publicDinner: /*i18n*/ { id: 'mail.button.publicDinner', message: 'Open the event page' },
  personalPage: /*i18n*/ { id: 'mail.button.personalPage', message: 'Open my page' },
  teamHost: /*i18n*/ { id: 'mail.button.teamHost', message: 'Open my team page' },
  dinnerRoute: /*i18n*/ { id: 'mail.button.dinnerRoute', message: 'Open my route' },
  participantsExport: /*i18n*/ {
    id: 'mail.button.participantsExport',
    message: 'Download the participant list',
  },
  other: /*i18n*/ { id: 'mail.button.other', message: 'Open the link' },
};

const LINK_NOTE = /*i18n*/ { id: 'mail.button.linkNote', message: 'If the button does not work, open this link:' };

export function htmlWordsOf(language: Language, publicUrl: string) {
  return {
    buttonLabel: (url: string) => translate(language, BUTTON[linkKindOf(publicUrl, url) ?? 'other'].id),
    linkNote: translate(language, LINK_NOTE.id),
  };
}
