import * as v from 'valibot';
import { singleLineText, validate } from '../domain/validation.js';
import { msgId } from '../domain/validation-messages.js';

// Deleting an event at once: the organiser confirms by typing its title.

export const EventDeletionMessage = {
  titleMismatch: /*i18n*/ {
    id: 'eventDeletion.titleMismatch',
    message: 'Type the title of the running dinner exactly as it is written',
  },
} as const;

export const deleteEventSchema = v.strictObject({ title: singleLineText(msgId('required')) });
export type DeleteEvent = v.InferOutput<typeof deleteEventSchema>;

/** Spaces around the typed title do not count; everything else must be as the title is written. */
export const titleMatches = (typed: string, title: string): boolean => typed.trim() === title.trim();

export const validateDeleteEvent = (input: unknown, title: string) =>
  validate(deleteEventSchema, input, (body) =>
    titleMatches(body.title, title) ? [] : [{ field: 'title', message: EventDeletionMessage.titleMismatch.id }],
  );
