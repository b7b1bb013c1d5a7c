import type { Meal } from '@contract/dinner';
import type { MessageTemplates, Recipient } from '@contract/messages';
import { MESSAGE_SCHEMAS } from '@contract/messages';
import type { Participant } from '@contract/participants';
import type { Team } from '@contract/teams';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bodyOf, draftFrom, mailCount, previewBodyOf, selectedPeople } from './compose';

const meal: Meal = { id: 'm1', label: 'Vorspeise', time: '2026-12-24T19:00' };
const member = (id: string, email = `${id}@example.org`) =>
  ({ id, firstnamePart: id, lastname: 'Weiß', email }) as Participant;
const team = (id: string, teamNumber: number, members: Participant[], status: Team['status'] = 'OK'): Team => ({
  id,
  teamNumber,
  meal,
  status,
  teamMembers: members,
  hostTeamMember: members[0] ?? null,
});
const recipient = (id: string, teamId: string | null): Recipient => ({
  id,
  firstnamePart: id,
  lastname: 'Müller',
  email: `${id}@example.org`,
  teamId,
  onWaitingList: teamId === null,
});

const templates: MessageTemplates = {
  PARTICIPANT: { subject: 'Hallo', message: 'Hallo {firstname}' },
  TEAM: {
    subject: 'Team',
    message: '{host}',
    hostMessagePartTemplate: 'Bei dir',
    nonHostMessagePartTemplate: 'Bei {partner}',
  },
  DINNER_ROUTE: { subject: 'Route', message: '{route}', selfTemplate: '{meal}', hostsTemplate: '{hostaddress}' },
  UPDATE: { subject: 'Neu', message: '{changes}' },
};

const recipients = [recipient('a', 't1'), recipient('b', 't1'), recipient('c', null)];
const teams = [
  team('t1', 1, [member('a'), member('b')]),
  team('t2', 2, [member('d'), member('e', 'd@example.org')]),
  team('t3', 3, [], 'CANCELLED'),
];

describe('the compose form', () => {
  it('counts who a participant selection reaches', () => {
    const draft = draftFrom('PARTICIPANT', templates);
    const ids = (selection: typeof draft.participantSelection, custom: string[] = []) =>
      selectedPeople(
        'PARTICIPANT',
        { ...draft, participantSelection: selection, customSelectedParticipantIds: custom },
        recipients,
        teams,
      ).map((p) => p.id);
    expect(ids('ALL')).toEqual(['a', 'b', 'c']);
    expect(ids('ASSIGNED_TO_TEAM')).toEqual(['a', 'b']);
    expect(ids('NOT_ASSIGNED_TO_TEAM')).toEqual(['c']);
    expect(ids('CUSTOM_SELECTION', ['c', 'a'])).toEqual(['a', 'c']);
  });

  it('reaches every member of the chosen teams, never a cancelled one, and counts one mail per address', () => {
    const draft = draftFrom('TEAM', templates);
    const all = selectedPeople('TEAM', draft, recipients, teams);
    expect(all.map((p) => p.id)).toEqual(['a', 'b', 'd', 'e']);
    expect(mailCount(all)).toBe(3);
    const custom = selectedPeople(
      'TEAM',
      { ...draft, teamSelection: 'CUSTOM_SELECTION', customSelectedTeamIds: ['t2'] },
      recipients,
      teams,
    );
    expect(custom.map((p) => p.teamNumber)).toEqual([2, 2]);
  });

  it('sends only the fields of the type, valid for its schema, and a custom list only with a custom selection', () => {
    for (const type of ['PARTICIPANT', 'TEAM', 'DINNER_ROUTE'] as const) {
      const body = bodyOf(type, {
        ...draftFrom(type, templates),
        customSelectedParticipantIds: ['a'],
        customSelectedTeamIds: ['t1'],
      });
      expect(v.safeParse(v.strictObject(MESSAGE_SCHEMAS[type].entries), body).success).toBe(true);
      expect(body.customSelectedParticipantIds ?? body.customSelectedTeamIds).toEqual([]);
    }
  });

  it('asks the preview of one recipient by naming just them, or their team', () => {
    const person = { id: 'b', name: 'b Weiß', email: 'b@example.org', teamId: 't1' };
    expect(previewBodyOf('PARTICIPANT', draftFrom('PARTICIPANT', templates), person)).toMatchObject({
      participantSelection: 'CUSTOM_SELECTION',
      customSelectedParticipantIds: ['b'],
    });
    expect(previewBodyOf('DINNER_ROUTE', draftFrom('DINNER_ROUTE', templates), person)).toMatchObject({
      teamSelection: 'CUSTOM_SELECTION',
      customSelectedTeamIds: ['t1'],
    });
  });
});

describe('an update', () => {
  const updates = [
    {
      participantId: 'a',
      email: 'a@example.org',
      firstnamePart: 'A',
      lastname: 'Person',
      teamNumber: 3,
      changes: [{ kind: 'PLACE' as const, part: 'ROUTE' as const, meal: 'Dessert', before: 'X 1', after: 'Y 2' }],
    },
  ];

  it('goes to whoever needs one, asks nothing else of the form, and previews one person at a time', () => {
    const draft = draftFrom('UPDATE', templates);
    expect(bodyOf('UPDATE', draft)).toEqual({ subject: 'Neu', message: '{changes}' });
    const people = selectedPeople('UPDATE', draft, recipients, teams, updates);
    expect(people).toEqual([{ id: 'a', name: 'A Person', email: 'a@example.org', teamId: null, teamNumber: 3 }]);
    expect(previewBodyOf('UPDATE', draft, people[0]!)).toEqual({
      subject: 'Neu',
      message: '{changes}',
      participantIds: ['a'],
    });
  });
});
