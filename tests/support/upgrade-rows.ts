import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/dialect.js';
import { addDays, todayIn } from '../../domain/local-dates.js';

// Rows for the upgrade test (tests/startup/upgrade.test.ts): one coherent running dinner written into the tables as
// each migration left them, read from the database's own catalog (not from db/schema.ts, which has only the latest
// shape). A table without an entry in ROWS gets one generic row: NOT NULL columns filled by type, foreign keys pointed
// at rows already there, CHECK constraints of the form `column in ('A','B')` respected. A table the generic row does
// not fit fails with its name; then add an entry for it to ROWS.

// biome-ignore lint/suspicious/noExplicitAny: the tables as a migration left them, not as db/schema.ts types them now
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

interface ColumnShape {
  name: string;
  dataType: string;
  notNull: boolean;
  /** A default or a value the database numbers itself (SQLite's INTEGER PRIMARY KEY, a serial, an identity). */
  hasDefault: boolean;
}

interface ForeignKey {
  columns: string[];
  table: string;
  refColumns: string[];
}

interface TableShape {
  name: string;
  columns: ColumnShape[];
  primaryKey: string[];
  foreignKeys: ForeignKey[];
  /** Enum-like CHECK constraints: the values a column may take. */
  allowed: Map<string, string[]>;
  /** CHECK constraints the generic row cannot read (named in the error when an insert fails). */
  otherChecks: string[];
}

// ---- the catalog ----

/** The text inside each `check (...)` of a CREATE TABLE statement (SQLite keeps the statement as written). */
function checksOf(createSql: string): string[] {
  const checks: string[] = [];
  for (const match of createSql.matchAll(/\bcheck\s*\(/gi)) {
    let depth = 0;
    const start = match.index + match[0].length - 1;
    for (let i = start; i < createSql.length; i++) {
      if (createSql[i] === '(') depth++;
      else if (createSql[i] === ')' && --depth === 0) {
        checks.push(createSql.slice(start + 1, i));
        break;
      }
    }
  }
  return checks;
}

/** Sorts each CHECK into "column in (literals)" (its values go to `allowed`) or one the generic row cannot follow. */
function readChecks(
  columns: readonly ColumnShape[],
  checks: readonly string[],
): Pick<TableShape, 'allowed' | 'otherChecks'> {
  const allowed = new Map<string, string[]>();
  const otherChecks: string[] = [];
  for (const check of checks) {
    const literals = [...check.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replaceAll("''", "'"));
    // Without the literals and PostgreSQL's casts (`'A'::text`), so only column names are left to find.
    const code = check.replace(/'(?:[^']|'')*'/g, "''").replace(/::[a-z_]+( varying| precision)?(\[\])?/gi, '');
    const mentioned = columns.filter((c) => new RegExp(`\\b${c.name}\\b`).test(code));
    if (mentioned.length === 1 && literals.length > 0 && /\bin\b|any\s*\(/i.test(code))
      allowed.set(mentioned[0].name, literals);
    else otherChecks.push(check);
  }
  return { allowed, otherChecks };
}

async function sqliteSchema(db: AnyDb): Promise<Map<string, TableShape>> {
  const tables = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\' order by name`.execute(
    db,
  );
  const shapes = new Map<string, TableShape>();
  for (const table of tables.rows) {
    const info = await sql<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>`select * from pragma_table_info(${table.name})`.execute(db);
    const keys = info.rows.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const rowid = keys.length === 1 && keys[0].type.toLowerCase() === 'integer' ? keys[0].name : undefined;
    const columns = info.rows.map((c) => ({
      name: c.name,
      dataType: c.type,
      notNull: c.notnull === 1 || c.pk > 0,
      hasDefault: c.dflt_value !== null || c.name === rowid,
    }));
    const fkRows = await sql<{
      id: number;
      seq: number;
      table: string;
      from: string;
      to: string | null;
    }>`select * from pragma_foreign_key_list(${table.name})`.execute(db);
    const foreignKeys = new Map<number, ForeignKey>();
    for (const fk of [...fkRows.rows].sort((a, b) => a.id - b.id || a.seq - b.seq)) {
      const key = foreignKeys.get(fk.id) ?? { columns: [], table: fk.table, refColumns: [] };
      key.columns.push(fk.from);
      if (fk.to) key.refColumns.push(fk.to);
      foreignKeys.set(fk.id, key);
    }
    shapes.set(table.name, {
      name: table.name,
      columns,
      primaryKey: keys.map((k) => k.name),
      foreignKeys: [...foreignKeys.values()],
      ...readChecks(columns, checksOf(table.sql)),
    });
  }
  // A foreign key that names no column refers to the primary key of its table.
  for (const shape of shapes.values()) {
    for (const fk of shape.foreignKeys)
      if (fk.refColumns.length === 0) fk.refColumns = shapes.get(fk.table)?.primaryKey ?? [];
  }
  return shapes;
}

async function postgresSchema(db: AnyDb): Promise<Map<string, TableShape>> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`
    select table_name, column_name, data_type, is_nullable, column_default, is_identity from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely\\_%' order by table_name, ordinal_position`.execute(
    db,
  );
  const constraints = await sql<{
    tbl: string;
    contype: string;
    def: string;
    ref_tbl: string | null;
    cols: string[];
    ref_cols: string[];
  }>`
    select c.conrelid::regclass::text as tbl, c.contype::text as contype, pg_get_constraintdef(c.oid) as def,
      case when c.contype = 'f' then c.confrelid::regclass::text end as ref_tbl,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
      array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as ref_cols
    from pg_constraint c join pg_namespace ns on ns.oid = c.connamespace
    where ns.nspname = current_schema() and c.contype in ('p', 'f', 'c') order by c.conname`.execute(db);
  const shapes = new Map<string, TableShape>();
  for (const c of columns.rows) {
    const shape: TableShape = shapes.get(c.table_name) ?? {
      name: c.table_name,
      columns: [],
      primaryKey: [],
      foreignKeys: [],
      allowed: new Map(),
      otherChecks: [],
    };
    shape.columns.push({
      name: c.column_name,
      dataType: c.data_type,
      notNull: c.is_nullable === 'NO',
      hasDefault: c.column_default !== null || c.is_identity === 'YES',
    });
    shapes.set(c.table_name, shape);
  }
  const checks = new Map<string, string[]>();
  for (const c of constraints.rows) {
    const shape = shapes.get(c.tbl.replace(/^"|"$/g, ''));
    if (!shape) continue;
    if (c.contype === 'p') shape.primaryKey = c.cols;
    else if (c.contype === 'f')
      shape.foreignKeys.push({ columns: c.cols, table: c.ref_tbl!.replace(/^"|"$/g, ''), refColumns: c.ref_cols });
    else checks.set(shape.name, [...(checks.get(shape.name) ?? []), c.def]);
  }
  for (const shape of shapes.values()) Object.assign(shape, readChecks(shape.columns, checks.get(shape.name) ?? []));
  return shapes;
}

/** Every table of the app (not kysely's own two), with its columns, keys and checks as the database has them now. */
export const readSchema = (db: AnyDb): Promise<Map<string, TableShape>> =>
  isPostgres(db) ? postgresSchema(db) : sqliteSchema(db);

// ---- the event ----

/** A fixed UUID for `name`: the same rows on every run, and ids the app's UUID checks accept. */
function idOf(name: string, n = 1): string {
  const hex = createHash('sha1').update(`upgrade-test:${name}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The ids the test asks the app for. */
/** The event's date: weeks ahead, so its registration is open and it is listed publicly whenever the test runs. */
const EVENT_DATE = addDays(todayIn('Europe/Berlin'), 40);

export const SEEDED = {
  dinnerId: idOf('running_dinner'),
  adminId: idOf('admin'),
  publicDinnerId: idOf('public'),
  title: 'Winterdinner in der Wiehre',
  publicTitle: 'Running Dinner in der Wiehre',
  participants: 18,
  teams: 9,
  participantId: (n: number) => idOf('participant', n),
  teamId: (n: number) => idOf('team', n),
  orderId: idOf('payment_order'),
  optimizationId: idOf('route_optimization'),
  messageJobId: idOf('message_job'),
  afterParty: {
    title: 'Absacker',
    time: `${EVENT_DATE}T23:59`,
    street: 'Konviktstraße',
    streetNr: '12',
    zip: '79098',
    cityName: 'Freiburg',
    addressName: 'Zum Roten Bären',
    addressRemarks: 'Hinterzimmer',
    geocodingResult: { lat: 47.9948, lng: 7.8544 },
  },
};
/** A fixed instant in the past for created_at and the like (no instant is compared to the clock by the test). */
const CREATED = '2026-11-20T10:00:00.000Z';

const MEALS = [
  { label: 'Vorspeise', hour: 19 },
  { label: 'Hauptgericht', hour: 21 },
  { label: 'Nachspeise', hour: 23 },
];
const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
  'Klara',
  'Lukas',
  'Mia',
  'Noah',
  'Olga',
  'Paul',
  'Rosa',
  'Samuel',
];
const STREETS = [
  'Habsburgerstraße',
  'Günterstalstraße',
  'Lorettostraße',
  'Schwarzwaldstraße',
  'Kartäuserstraße',
  'Wentzingerstraße',
  'Erwinstraße',
  'Talstraße',
  'Urachstraße',
];

/**
 * The 9 teams (3 per meal, team k hosts meal ⌊k/3⌋ at position k mod 3) and their visits in the meet-once design:
 * at meal 0 host (0,i) gets (1,i) and (2,i); at meal 1 host (1,i) gets (0,i+1) and (2,i+2); at meal 2 host (2,i)
 * gets (0,i+1) and (1,i+2). No two teams meet twice; every team hosts once and is a guest at the two other meals.
 */
function visits(): { meal: number; host: number; guest: number }[] {
  const team = (meal: number, position: number) => meal * 3 + (position % 3);
  const guestsAt = [
    (i: number) => [team(1, i), team(2, i)],
    (i: number) => [team(0, i + 1), team(2, i + 2)],
    (i: number) => [team(0, i + 1), team(1, i + 2)],
  ];
  return guestsAt.flatMap((guests, meal) =>
    [0, 1, 2].flatMap((i) => guests(i).map((guest) => ({ meal, host: team(meal, i), guest }))),
  );
}

/**
 * Realistic rows per table, with every column any schema so far had: columns the table does not have (yet, or any
 * more) are left out when a row is written, so one entry serves every step. A new table needs an entry only when the
 * generic row does not fit it (or the app needs real values in it to serve the event).
 */
const ROWS: Record<string, () => Row[]> = {
  running_dinner: () => {
    const date = EVENT_DATE;
    return [
      {
        id: SEEDED.dinnerId,
        admin_id: SEEDED.adminId,
        acknowledge_id: idOf('acknowledge'),
        public_dinner_id: SEEDED.publicDinnerId,
        self_admin_id: idOf('self_admin'),
        running_dinner_type: 'STANDARD',
        email: 'orga@example.org',
        title: SEEDED.title,
        city: 'Freiburg',
        zip: '79100',
        date,
        registration_type: 'PUBLIC',
        language_code: 'de',
        team_size: 2,
        force_equal_distributed_capacity_teams: 1,
        gender_aspects: 'FORCE_GENDER_MIX',
        consider_shortest_paths: 0,
        team_partner_wish_disabled: 0,
        zip_restrictions: '',
        public_title: SEEDED.publicTitle,
        public_description: 'Drei Gänge, drei Küchen, viele neue Leute.',
        public_contact_name: 'Clara Öztürk',
        public_contact_email: 'orga@example.org',
        public_contact_mobile_number: '+49 761 123456',
        end_of_registration_date: addDays(date, -5),
        registration_deactivated: 0,
        contract_fullname: 'Clara Öztürk',
        contract_street_with_nr: 'Tullastraße 61',
        contract_zip: '79108',
        contract_city: 'Freiburg',
        contract_email: 'orga@example.org',
        newsletter_enabled: 0,
        after_party_title: SEEDED.afterParty.title,
        after_party_time: SEEDED.afterParty.time,
        after_party_street: SEEDED.afterParty.street,
        after_party_street_nr: SEEDED.afterParty.streetNr,
        after_party_zip: SEEDED.afterParty.zip,
        after_party_city_name: SEEDED.afterParty.cityName,
        after_party_address_name: SEEDED.afterParty.addressName,
        after_party_address_remarks: SEEDED.afterParty.addressRemarks,
        after_party_lat: SEEDED.afterParty.geocodingResult.lat,
        after_party_lng: SEEDED.afterParty.geocodingResult.lng,
        acknowledged_at: CREATED,
        cancelled_at: null,
        team_plan_seed: 42,
        teams_generated_at: CREATED,
        delete_after: null,
        created_at: CREATED,
        updated_at: CREATED,
      },
    ];
  },
  meal: () => {
    const date = EVENT_DATE;
    return MEALS.map((meal, position) => ({
      id: idOf('meal', position),
      running_dinner_id: SEEDED.dinnerId,
      position,
      label: meal.label,
      time: `${date}T${meal.hour}:00`,
    }));
  },
  team: () =>
    Array.from({ length: SEEDED.teams }, (_, k) => ({
      id: SEEDED.teamId(k + 1),
      running_dinner_id: SEEDED.dinnerId,
      team_number: k + 1,
      meal_id: idOf('meal', Math.floor(k / 3)),
      host_participant_id: SEEDED.participantId(2 * k + 1),
      status: 'OK',
      design_position: k % 3,
      created_at: CREATED,
    })),
  participant: () =>
    Array.from({ length: SEEDED.participants }, (_, i) => ({
      id: SEEDED.participantId(i + 1),
      running_dinner_id: SEEDED.dinnerId,
      participant_number: i + 1,
      firstname_part: FIRST_NAMES[i],
      lastname: `Muster${i + 1}`,
      gender: i % 2 === 0 ? 'FEMALE' : 'MALE',
      email: `${FIRST_NAMES[i].toLowerCase()}.muster${i + 1}@example.org`,
      mobile_number: '',
      street: STREETS[Math.floor(i / 2)],
      street_nr: String(i + 1),
      zip: '79100',
      city_name: 'Freiburg',
      address_remarks: '',
      lat: Number((47.98 + i * 0.001).toFixed(3)),
      lng: Number((7.84 + i * 0.001).toFixed(3)),
      geocoding_status: 'LOCATED',
      geocoding_reason: null,
      geocoding_attempts: 0,
      geocoding_next_attempt_at: null,
      age: 30 + i,
      num_seats: 6,
      vegetarian: i % 3 === 0 ? 1 : 0,
      lactose: 0,
      gluten: 0,
      vegan: 0,
      meal_specifics_note: '',
      notes: '',
      team_partner_wish_email: null,
      team_partner_wish_originator_id: null,
      team_id: SEEDED.teamId(Math.floor(i / 2) + 1),
      language_code: 'de',
      activated_at: CREATED,
      created_at: CREATED,
      updated_at: CREATED,
    })),
  route_visit: () =>
    visits().map((v, n) => ({
      id: idOf('route_visit', n),
      running_dinner_id: SEEDED.dinnerId,
      meal_id: idOf('meal', v.meal),
      host_team_id: SEEDED.teamId(v.host + 1),
      guest_team_id: SEEDED.teamId(v.guest + 1),
    })),
  message_job: () => [
    {
      id: SEEDED.messageJobId,
      running_dinner_id: SEEDED.dinnerId,
      // The routes went out before the upgrade: the personal pages keep showing team and route (migration 0016).
      message_type: 'DINNER_ROUTE',
      status: 'SENDING_FINISHED',
      sending_failed: 0,
      idempotency_key: idOf('idempotency_key'),
      payload: JSON.stringify({
        subject: 'Eure Route beim Winterdinner',
        message: 'Hallo {firstname}, hier ist euer Abend:\n\n{route}',
        selfTemplate: '{meal} um {mealtime} bei euch',
        hostsTemplate: '{meal} um {mealtime} bei {hostnames}',
        teamSelection: 'ALL',
        customSelectedTeamIds: [],
      }),
      created_at: CREATED,
      finished_at: CREATED,
    },
  ],
  message_task: () => [
    {
      id: idOf('message_task'),
      running_dinner_id: SEEDED.dinnerId,
      message_job_id: SEEDED.messageJobId,
      participant_id: SEEDED.participantId(1),
      recipient_email: 'anna.muster1@example.org',
      subject: 'Willkommen beim Winterdinner',
      body_text: 'Hallo Anna, schön, dass du dabei bist!',
      status: 'SENT',
      attempts: 1,
      next_attempt_at: CREATED,
      message_id: `<${idOf('message_id')}@dinner.example.org>`,
      last_error: null,
      failure_type: null,
      resend_count: 0,
      calendar: null,
      claimed_by: null,
      lease_until: null,
      created_at: CREATED,
      sent_at: CREATED,
    },
  ],
  activity: () => [
    {
      id: idOf('activity', 1),
      running_dinner_id: SEEDED.dinnerId,
      type: 'DINNER_CREATED',
      origin: 'ORGANIZER',
      details: '{}',
      created_at: CREATED,
    },
    {
      id: idOf('activity', 2),
      running_dinner_id: SEEDED.dinnerId,
      type: 'TEAMS_GENERATED',
      origin: 'ORGANIZER',
      details: JSON.stringify({ teams: 9 }),
      created_at: CREATED,
    },
  ],
  payment_option: () => [
    {
      running_dinner_id: SEEDED.dinnerId,
      brand_name: 'Winterdinner',
      price_per_registration_cents: 1500,
      currency: 'EUR',
      redirect_after_purchase_link: null,
      agb_link: 'https://dinner.example.org/agb',
    },
  ],
  // The first migration's payment table, which the app never wrote; 0007 drops it (the test allows that loss).
  payment: () => [
    {
      id: idOf('payment'),
      running_dinner_id: SEEDED.dinnerId,
      participant_id: SEEDED.participantId(18),
      provider_session_id: 'cs_test_upgrade',
      status: 'PAID',
      amount_cents: 1500,
      currency: 'EUR',
      created_at: CREATED,
      updated_at: CREATED,
    },
  ],
  geocode_cache: () => [
    { query: 'habsburgerstraße 1, 79100 freiburg', found: 1, lat: 47.98, lng: 7.84, created_at: CREATED },
  ],
  route_optimization: () => [
    {
      id: SEEDED.optimizationId,
      running_dinner_id: SEEDED.dinnerId,
      status: 'APPLIED',
      failure: null,
      ignore_meal_assignments: 0,
      minimum_distance_meters: 0,
      automatic: 0,
      seed: 7,
      budget_seconds: 5,
      plan_fingerprint: 'upgrade-test',
      progress: null,
      start_longest_leg_meters: 1200.5,
      longest_leg_meters: 900.25,
      result: '{}',
      claimed_by: null,
      lease_until: null,
      started_at: CREATED,
      finished_at: CREATED,
    },
  ],
  payment_order: () => [
    {
      id: SEEDED.orderId,
      running_dinner_id: SEEDED.dinnerId,
      status: 'PAID',
      email: 'samuel.muster18@example.org',
      firstname_part: 'Samuel',
      lastname: 'Muster18',
      registration: JSON.stringify({
        firstnamePart: 'Samuel',
        lastname: 'Muster18',
        email: 'samuel.muster18@example.org',
        gender: 'MALE',
        mobileNumber: '',
        age: 47,
        street: 'Urachstraße',
        streetNr: '18',
        zip: '79100',
        cityName: 'Freiburg',
        addressRemarks: '',
        numSeats: 6,
        vegetarian: false,
        lactose: false,
        gluten: false,
        vegan: false,
        mealSpecificsNote: '',
        teamPartnerWishEmail: null,
        teamPartnerWishRegistrationData: null,
        dataProcessingAcknowledged: true,
      }),
      language_code: 'de',
      amount_cents: 1500,
      currency: 'EUR',
      checkout_session_id: 'cs_test_upgrade_order',
      payment_intent_id: 'pi_test_upgrade',
      participant_id: SEEDED.participantId(18),
      created_at: CREATED,
      updated_at: CREATED,
    },
  ],
  stripe_event: () => [
    { id: 'evt_test_upgrade', type: 'checkout.session.completed', order_id: SEEDED.orderId, received_at: CREATED },
  ],
  bus_event: () => [
    {
      topic: `dinner:${SEEDED.dinnerId}`,
      type: 'activity',
      data: JSON.stringify({ activityId: idOf('activity', 2), type: 'TEAMS_GENERATED' }),
      created_at: CREATED,
    },
  ],
  rate_limit_hit: () => [{ limit_name: 'event_creations', subject: '127.0.0.1', at_ms: Date.parse(CREATED) }],
  event_mail_use: () => [{ running_dinner_id: SEEDED.dinnerId, used_at: '2026-11-20T10:00:00.000Z', mails: 1 }],
};

// ---- filling ----

/** A value of the column's type for a generic row: a listed value, a number, or a text that says where it came from. */
function genericValue(table: TableShape, column: ColumnShape): unknown {
  const allowed = table.allowed.get(column.name);
  if (allowed) return allowed[0];
  const type = column.dataType.toLowerCase();
  if (/bool/.test(type)) return true;
  if (/int|serial/.test(type)) return 1;
  if (/real|double|float|numeric|decimal/.test(type)) return 1.5;
  if (/json/.test(type)) return '{}';
  if (/timestamp/.test(type)) return CREATED;
  if (type === 'date') return EVENT_DATE;
  if (/bytea|blob/.test(type)) return Buffer.from('upgrade-test');
  if (/_at$/.test(column.name)) return CREATED;
  if (/email/.test(column.name)) return 'orga@example.org';
  if (/(^|_)id$/.test(column.name)) return idOf(`${table.name}.${column.name}`);
  return `${table.name}.${column.name} (upgrade test)`;
}

/** Parents before children (a table's own foreign keys to itself are left null). */
function parentsFirst(shapes: Map<string, TableShape>): TableShape[] {
  const ordered: TableShape[] = [];
  const seen = new Set<string>();
  const visit = (shape: TableShape) => {
    if (seen.has(shape.name)) return;
    seen.add(shape.name);
    for (const fk of shape.foreignKeys) {
      const parent = shapes.get(fk.table);
      if (parent && parent !== shape) visit(parent);
    }
    ordered.push(shape);
  };
  for (const shape of [...shapes.values()].sort((a, b) => a.name.localeCompare(b.name))) visit(shape);
  return ordered;
}

async function rowCount(db: AnyDb, table: string): Promise<number> {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** `row` completed for the table as it is now: columns it lacks dropped, NOT NULL columns and foreign keys filled. */
async function completeRow(db: AnyDb, shape: TableShape, row: Row): Promise<Row> {
  const names = new Set(shape.columns.map((c) => c.name));
  const complete: Row = Object.fromEntries(Object.entries(row).filter(([column]) => names.has(column)));
  for (const fk of shape.foreignKeys) {
    if (fk.table === shape.name || fk.columns.some((c) => c in complete)) continue;
    const parent = await db
      .selectFrom(fk.table)
      .select(fk.refColumns)
      .orderBy(fk.refColumns[0])
      .limit(1)
      .executeTakeFirst();
    if (!parent) throw new Error(`table "${fk.table}" (which "${shape.name}" refers to) has no row`);
    fk.columns.forEach((column, i) => {
      complete[column] = parent[fk.refColumns[i]];
    });
  }
  for (const column of shape.columns) {
    if (column.name in complete || !column.notNull || column.hasDefault) continue;
    complete[column.name] = genericValue(shape, column);
  }
  return complete;
}

/**
 * Makes every table hold a row: writes the event's rows (ROWS) into each empty table, or one generic row where
 * ROWS has none. Answers the tables it filled. `when` says at which point of the walk, for the error.
 */
export async function fillEmptyTables(
  db: AnyDb,
  when: string,
  rows: Record<string, () => Row[]> = ROWS,
): Promise<string[]> {
  const filled: string[] = [];
  for (const shape of parentsFirst(await readSchema(db))) {
    if ((await rowCount(db, shape.name)) > 0) continue;
    const written = rows[shape.name]?.() ?? [{}];
    try {
      for (const row of written)
        await db
          .insertInto(shape.name)
          .values(await completeRow(db, shape, row))
          .execute();
    } catch (error) {
      const checks =
        shape.otherChecks.length > 0
          ? ` Its CHECK constraints the generic row cannot read: ${shape.otherChecks.join('; ')}.`
          : '';
      throw new Error(
        `cannot write a row into table "${shape.name}" ${when}: ${(error as Error).message}.${checks} ` +
          `Add realistic rows for "${shape.name}" to ROWS in tests/support/upgrade-rows.ts.`,
      );
    }
    filled.push(shape.name);
  }
  return filled;
}

// ---- what a migration keeps ----

/** Every row of every table, as comparable text (null stays null; 1 and 1.0 and '1' compare equal). */
export type Snapshot = Map<string, { primaryKey: string[]; columns: string[]; rows: Record<string, string | null>[] }>;

const comparable = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

export async function snapshot(db: AnyDb): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const shape of (await readSchema(db)).values()) {
    const rows = await db.selectFrom(shape.name).selectAll().execute();
    result.set(shape.name, {
      primaryKey: shape.primaryKey,
      columns: shape.columns.map((c) => c.name),
      rows: rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, comparable(v)]))),
    });
  }
  return result;
}

/** What a migration may lose on purpose: whole tables, or columns ("table.column") dropped or rewritten. */
export interface AllowedLoss {
  tables?: string[];
  columns?: string[];
}

/**
 * Every row of `before` must still be in `after` with the same values in every column that is still there; no table
 * and no column may go, except what `allowed` names. Answers the problems, one line each (none: the data survived).
 */
export function lostData(before: Snapshot, after: Snapshot, allowed: AllowedLoss = {}): string[] {
  const problems: string[] = [];
  for (const [table, old] of before) {
    const now = after.get(table);
    if (!now) {
      if (!allowed.tables?.includes(table))
        problems.push(`table "${table}" is gone with its ${old.rows.length} row(s)`);
      continue;
    }
    const gone = old.columns.filter((c) => !now.columns.includes(c));
    for (const column of gone)
      if (!allowed.columns?.includes(`${table}.${column}`)) problems.push(`column "${table}.${column}" is gone`);
    const compared = old.columns.filter((c) => now.columns.includes(c) && !allowed.columns?.includes(`${table}.${c}`));
    const key =
      old.primaryKey.length > 0 && old.primaryKey.every((c) => now.columns.includes(c)) ? old.primaryKey : compared;
    const keyOf = (row: Record<string, string | null>) => JSON.stringify(key.map((c) => row[c]));
    const remaining = new Map<string, Record<string, string | null>[]>();
    for (const row of now.rows) remaining.set(keyOf(row), [...(remaining.get(keyOf(row)) ?? []), row]);
    if (now.rows.length < old.rows.length)
      problems.push(`table "${table}" had ${old.rows.length} row(s), now ${now.rows.length}`);
    for (const row of old.rows) {
      const candidates = remaining.get(keyOf(row)) ?? [];
      const match = candidates.findIndex((candidate) => compared.every((c) => candidate[c] === row[c]));
      if (match >= 0) {
        candidates.splice(match, 1);
        continue;
      }
      const label = `${table} row ${key.map((c) => `${c}=${row[c]}`).join(', ')}`;
      if (candidates.length === 0) problems.push(`${label} is gone`);
      else {
        const changed = compared
          .filter((c) => candidates[0][c] !== row[c])
          .map((c) => `${c}: ${JSON.stringify(row[c])} → ${JSON.stringify(candidates[0][c])}`);
        problems.push(`${label} changed (${changed.join('; ')})`);
      }
    }
  }
  return problems;
}
