import type { Language } from '../../../contract/dinner.js';
import type { DbOrTrx } from '../../../db/transaction.js';
import { newId } from '../../lib/ids.js';
import { DEMO_PARTICIPANTS } from './demo-participants.js';

const asciiFold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();

/** Demo addresses use the reserved .invalid domain: a demo's mails go only to its creator. */
const demoEmail = (firstname: string, lastname: string) =>
  `${asciiFold(firstname)}.${asciiFold(lastname)}@demo.runningdinner.invalid`;

/** The demo's participants, each in the event's language as the organiser's own would be. */
export async function insertDemoParticipants(
  trx: DbOrTrx,
  runningDinnerId: string,
  language: Language,
  now: Date,
): Promise<number> {
  const created = now.toISOString();
  await trx
    .insertInto('participant')
    .values(
      DEMO_PARTICIPANTS.map((p, i) => ({
        id: newId(),
        running_dinner_id: runningDinnerId,
        participant_number: i + 1,
        firstname_part: p.firstnamePart,
        lastname: p.lastname,
        gender: p.gender,
        email: demoEmail(p.firstnamePart, p.lastname),
        mobile_number: `0176 ${String(4200000 + i * 7919).slice(0, 7)}`,
        street: p.street,
        street_nr: p.streetNr,
        zip: p.zip,
        city_name: p.cityName,
        lat: p.lat,
        lng: p.lng,
        age: p.age,
        num_seats: p.numSeats,
        address_remarks: '',
        vegetarian: i % 5 === 0 ? 1 : 0,
        vegan: i % 9 === 4 ? 1 : 0,
        lactose: 0,
        gluten: 0,
        meal_specifics_note: '',
        notes: '',
        team_partner_wish_email: null,
        team_partner_wish_originator_id: null,
        team_id: null,
        language_code: language,
        activated_at: created,
        created_at: created,
        updated_at: created,
      })),
    )
    .execute();
  return DEMO_PARTICIPANTS.length;
}
