import type { MessageTemplates, MessageType, ParticipantSelection, PLACEHOLDERS, Recipient } from '@contract/messages';
import type { Team } from '@contract/teams';
import type { ParticipantUpdate } from '@contract/updates';
import { fullName } from '@domain/participants/names';
import { create } from 'zustand';

export type TeamSelection = 'ALL' | 'CUSTOM_SELECTION';
export type TextFieldName =
  | 'subject'
  | 'message'
  | 'hostMessagePartTemplate'
  | 'nonHostMessagePartTemplate'
  | 'selfTemplate'
  | 'hostsTemplate';

/** What the organiser is writing, for any of the three types: the texts a type does not use stay unused. */
export interface Draft {
  subject: string;
  message: string;
  hostMessagePartTemplate: string;
  nonHostMessagePartTemplate: string;
  selfTemplate: string;
  hostsTemplate: string;
  participantSelection: ParticipantSelection;
  teamSelection: TeamSelection;
  customSelectedParticipantIds: string[];
  customSelectedTeamIds: string[];
}

/** The text fields of each type, in form order, with the placeholders each one knows (the subject none: it goes out as written). */
export const TEXT_FIELDS: Record<
  MessageType,
  { name: TextFieldName; placeholders: keyof typeof PLACEHOLDERS | null; multiline: boolean }[]
> = {
  PARTICIPANT: [
    { name: 'subject', placeholders: null, multiline: false },
    { name: 'message', placeholders: 'PARTICIPANT', multiline: true },
  ],
  TEAM: [
    { name: 'subject', placeholders: null, multiline: false },
    { name: 'message', placeholders: 'TEAM', multiline: true },
    { name: 'hostMessagePartTemplate', placeholders: 'TEAM_HOST_PART', multiline: true },
    { name: 'nonHostMessagePartTemplate', placeholders: 'TEAM_NON_HOST_PART', multiline: true },
  ],
  DINNER_ROUTE: [
    { name: 'subject', placeholders: null, multiline: false },
    { name: 'message', placeholders: 'DINNER_ROUTE', multiline: true },
    { name: 'selfTemplate', placeholders: 'DINNER_ROUTE_SELF', multiline: true },
    { name: 'hostsTemplate', placeholders: 'DINNER_ROUTE_HOSTS', multiline: true },
  ],
  UPDATE: [
    { name: 'subject', placeholders: null, multiline: false },
    { name: 'message', placeholders: 'UPDATE', multiline: true },
  ],
};

/** A new draft with the event's default texts of the type. */
export function draftFrom(type: MessageType, templates: MessageTemplates): Draft {
  const empty: Draft = {
    subject: '',
    message: '',
    hostMessagePartTemplate: '',
    nonHostMessagePartTemplate: '',
    selfTemplate: '',
    hostsTemplate: '',
    participantSelection: 'ALL',
    teamSelection: 'ALL',
    customSelectedParticipantIds: [],
    customSelectedTeamIds: [],
  };
  return { ...empty, ...templates[type] };
}

/** Whether the texts of a draft are still the defaults (nothing to lose when it is reset). */
export const textsAreDefault = (type: MessageType, draft: Draft, templates: MessageTemplates) =>
  TEXT_FIELDS[type].every(({ name }) => draft[name] === (templates[type] as Record<string, string>)[name]);

/** The request body of the type, as the schema of the type wants it. */
export function bodyOf(type: MessageType, draft: Draft): Record<string, unknown> {
  const texts = Object.fromEntries(TEXT_FIELDS[type].map(({ name }) => [name, draft[name]]));
  // An update goes to everyone who needs one: the server knows who, at the moment it is sent.
  if (type === 'UPDATE') return texts;
  if (type === 'PARTICIPANT')
    return {
      ...texts,
      participantSelection: draft.participantSelection,
      customSelectedParticipantIds:
        draft.participantSelection === 'CUSTOM_SELECTION' ? draft.customSelectedParticipantIds : [],
    };
  return {
    ...texts,
    teamSelection: draft.teamSelection,
    customSelectedTeamIds: draft.teamSelection === 'CUSTOM_SELECTION' ? draft.customSelectedTeamIds : [],
  };
}

/** The body that asks the preview of one recipient: the same texts, the selection naming just them (or their team). */
export function previewBodyOf(type: MessageType, draft: Draft, person: Person): Record<string, unknown> {
  if (type === 'UPDATE') return { ...bodyOf(type, draft), participantIds: [person.id] };
  if (type === 'PARTICIPANT')
    return bodyOf(type, {
      ...draft,
      participantSelection: 'CUSTOM_SELECTION',
      customSelectedParticipantIds: [person.id],
    });
  return bodyOf(type, {
    ...draft,
    teamSelection: 'CUSTOM_SELECTION',
    customSelectedTeamIds: person.teamId ? [person.teamId] : [],
  });
}

/** Someone a mail goes to, whichever the type: a participant, or a member of a team. */
export interface Person {
  id: string;
  name: string;
  email: string;
  teamId: string | null;
  /** "Team 4" for team members, for the picker. */
  teamNumber?: number;
  onWaitingList?: boolean;
}

const personOfRecipient = (r: Recipient): Person => ({
  id: r.id,
  name: fullName(r),
  email: r.email,
  teamId: r.teamId,
  onWaitingList: r.onWaitingList,
});

/** The teams that can get mails: not cancelled, with members. */
export const mailableTeams = (teams: readonly Team[]) =>
  teams.filter((team) => team.status !== 'CANCELLED' && team.teamMembers.length > 0);

export const membersOf = (teams: readonly Team[]): Person[] =>
  teams.flatMap((team) =>
    team.teamMembers
      .filter((m) => m.email)
      .map((m) => ({ id: m.id, name: fullName(m), email: m.email, teamId: team.id, teamNumber: team.teamNumber })),
  );

/** The people an update goes to, in the order the list of updates names them. */
export const peopleToUpdate = (updates: readonly ParticipantUpdate[]): Person[] =>
  updates.map((u) => ({
    id: u.participantId,
    name: fullName(u),
    email: u.email,
    teamId: null,
    teamNumber: u.teamNumber,
  }));

/** Who the draft's selection reaches (an update: whoever needs one). */
export function selectedPeople(
  type: MessageType,
  draft: Draft,
  recipients: readonly Recipient[],
  teams: readonly Team[],
  updates: readonly ParticipantUpdate[] = [],
): Person[] {
  if (type === 'UPDATE') return peopleToUpdate(updates);
  if (type === 'PARTICIPANT') {
    const chosen = new Set(draft.customSelectedParticipantIds);
    const filter: Record<ParticipantSelection, (r: Recipient) => boolean> = {
      ALL: () => true,
      ASSIGNED_TO_TEAM: (r) => r.teamId !== null,
      NOT_ASSIGNED_TO_TEAM: (r) => r.teamId === null,
      CUSTOM_SELECTION: (r) => chosen.has(r.id),
    };
    return recipients.filter(filter[draft.participantSelection]).map(personOfRecipient);
  }
  const chosen = new Set(draft.customSelectedTeamIds);
  const mailable = mailableTeams(teams);
  return membersOf(draft.teamSelection === 'ALL' ? mailable : mailable.filter((team) => chosen.has(team.id)));
}

/** One mail per distinct address (a pair sharing an address gets one). */
export const mailCount = (people: readonly Person[]) => new Set(people.map((p) => p.email.trim().toLowerCase())).size;

interface DraftState {
  drafts: Record<string, Draft>;
  set: (key: string, draft: Draft) => void;
  drop: (key: string) => void;
}

/** The drafts of this browser tab, per event and type: switching tabs or looking at a job keeps what was written. */
export const useDrafts = create<DraftState>((set) => ({
  drafts: {},
  set: (key, draft) => set((s) => ({ drafts: { ...s.drafts, [key]: draft } })),
  drop: (key) =>
    set((s) => {
      const { [key]: _dropped, ...rest } = s.drafts;
      return { drafts: rest };
    }),
}));
