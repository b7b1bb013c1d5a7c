import type { AfterPartyLocation } from '../events/events.schema.js';
import type { LocalDate, LocalDateTime } from '../../lib/local-dates.js';

// Isomorphic: what anyone may see of a public running dinner. Never the admin id, the contract or participants.

export interface PublicMeal {
  label: string;
  time: LocalDateTime;
}

export interface PublicRunningDinner {
  publicDinnerId: string;
  publicDinnerUrl: string;
  /** The public title, not the organiser's internal one. */
  title: string;
  description: string;
  city: string;
  zip: string;
  date: LocalDate;
  endOfRegistrationDate: LocalDate;
  meals: PublicMeal[];
  afterPartyLocation: AfterPartyLocation | null;
  publicContactName: string;
  publicContactEmail: string;
}
