import {
  readParticipantSheet,
  type SheetReading,
  type SheetReadingTask,
} from '../domain/participants/sheet-reading.js';

/** The Piscina task: an uploaded list of participants read off the main thread (plain data in and out). */
export default function participantsImportTask(task: SheetReadingTask): SheetReading {
  return readParticipantSheet(task);
}
