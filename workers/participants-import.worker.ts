import type { Language } from '../server/features/events/events.schema.js';
import { readParticipantSheet, type SheetReading } from '../server/features/participants/participants.spreadsheet.js';

export interface ParticipantsImportTask {
  bytes: Uint8Array;
  /** The caller's language, in which a missing header is named. */
  language: Language;
}

/** The Piscina task: an uploaded list of participants read off the main thread (plain data in and out). */
export default function participantsImportTask({ bytes, language }: ParticipantsImportTask): SheetReading {
  return readParticipantSheet(bytes, language);
}
