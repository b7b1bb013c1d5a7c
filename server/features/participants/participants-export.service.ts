import type { Language } from '../../../contract/dinner.js';
import { OrdersMessage } from '../../../contract/orders.messages.js';
import type { Participant } from '../../../contract/participants.js';
import { ParticipantsMessage } from '../../../contract/participants.messages.js';
import type { ExportFormat } from '../../../contract/participants-import.js';
import type { RunningDinnerRow } from '../../../db/schema.js';
import { fixedPartnerOf } from '../../../domain/participants/team-partner-wish.js';
import type { Deps } from '../../deps.js';
import { translate } from '../../lib/i18n.js';
import { toParticipant } from './participant-row.js';
import * as repo from './participants.repo.js';
import { paymentStatusByParticipant } from './payment-status.js';
import {
  EXPORT_CONTENT_TYPES,
  type ExportedParticipant,
  type ExtraColumn,
  writeParticipants,
} from './spreadsheet/write-participants.js';

export interface ParticipantsExport {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
}

/** Confirmed participants first, then the unconfirmed ones, each in registration order. */
export async function exportParticipants(
  deps: Deps,
  dinner: RunningDinnerRow,
  format: ExportFormat,
  language: Language,
): Promise<ParticipantsExport> {
  const all = (await repo.listParticipantRows(deps.db, dinner.id)).map(toParticipant);
  const ordered = [...all.filter((p) => p.activated), ...all.filter((p) => !p.activated)];
  const numberOf = new Map(all.map((p) => [p.id, p.participantNumber]));
  const registeredTogetherWith = (p: Participant) =>
    p.teamPartnerWishOriginatorId ? (numberOf.get(fixedPartnerOf(p, all)?.id ?? '') ?? null) : null;
  const exported: ExportedParticipant[] = ordered.map((p) => ({
    ...p,
    registeredTogetherWith: registeredTogetherWith(p),
  }));
  return {
    body: writeParticipants(exported, language, format, await paymentColumns(deps, dinner, language)),
    contentType: EXPORT_CONTENT_TYPES[format],
    fileName: `${translate(language, ParticipantsMessage.fileName.id, { title: dinner.title })}.${format}`,
  };
}

/**
 * When the event takes a fee: a column with the status of the order that registered each participant (PAID,
 * REFUNDED, …); a partner registered together was paid with the order of the one who registered them.
 */
async function paymentColumns(deps: Deps, dinner: RunningDinnerRow, language: Language): Promise<ExtraColumn[]> {
  const statuses = await paymentStatusByParticipant(deps.db, dinner.id);
  if (!statuses) return [];
  const payer = (p: ExportedParticipant) =>
    p.teamPartnerWishOriginatorId && p.teamPartnerWishOriginatorId !== p.id ? p.teamPartnerWishOriginatorId : p.id;
  return [
    {
      header: translate(language, OrdersMessage.exportColumn.id),
      cellOf: (p) => statuses.get(p.id) ?? statuses.get(payer(p)) ?? '',
    },
  ];
}
