import {
  DEFAULT_AFTER_PARTY_TITLES,
  DEFAULT_MEAL_TIMES,
  type GenderAspects,
  type Language,
  MAX_MEALS,
  MINUTES_BETWEEN_MEALS,
  type RegistrationType,
} from '@contract/dinner';
import {
  type AfterPartyAddress,
  defaultAfterPartyLocation,
  defaultEndOfRegistration,
} from '@domain/events/dinner-rules';
import {
  addDays,
  addMinutes,
  compareDates,
  isLocalDate,
  type LocalDate,
  type LocalDateTime,
  shiftByDateChange,
  todayIn,
} from '@domain/local-dates';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { idempotencyKey } from '../../lib/api';
import { i18n } from '../../lib/i18n';

// UI state of the wizard: what the organiser typed so far, kept in sessionStorage so a reload loses nothing.
// Nothing here is server data; after creation only the admin id is kept, the dinner itself lives in swr.

const STEP_IDS = ['basics', 'options', 'mealtimes', 'registration-settings', 'participants-preview', 'finish'] as const;
export type StepId = (typeof STEP_IDS)[number];

export interface BasicsDraft {
  title: string;
  city: string;
  zip: string;
  date: LocalDate | '';
  registrationType: RegistrationType;
  languageCode: Language;
}
/** Meals keep only the time of day: every meal is on the dinner day, so a new date moves them along. */
export interface MealDraft {
  label: string;
  /** "HH:mm" */
  time: string;
}
export interface OptionsDraft {
  meals: MealDraft[];
  forceEqualDistributedCapacityTeams: boolean;
  genderAspects: GenderAspects;
  considerShortestPaths: boolean;
  teamPartnerWishDisabled: boolean;
  zipRestrictions: string;
}
/** A full date-time: the party may start after midnight. */
export type AfterPartyDraft = AfterPartyAddress;
export interface PublicSettingsDraft {
  title: string;
  description: string;
  publicContactName: string;
  publicContactEmail: string;
  publicContactMobileNumber: string;
  endOfRegistrationDate: LocalDate | '';
}
export interface ContractDraft {
  fullname: string;
  streetWithNr: string;
  zip: string;
  city: string;
  newsletterEnabled: boolean;
}

export interface WizardData {
  demo: boolean;
  basics: BasicsDraft;
  options: OptionsDraft;
  afterParty: AfterPartyDraft | null;
  publicSettings: PublicSettingsDraft;
  email: string;
  contract: ContractDraft;
  completed: StepId[];
  /** Set once the dinner was created; the summary reads the dinner by it. */
  createdAdminId: string | null;
  /** The Idempotency-Key of this wizard's creation: a click again after a lost answer answers the same dinner. */
  creationKey: string;
}

interface WizardActions {
  /**
   * A new date moves the party time along and resets the end of registration; a new language rewrites default texts;
   * a new title becomes the public title too, unless that was typed apart.
   */
  setBasics: (patch: Partial<BasicsDraft>) => void;
  setOptions: (patch: Partial<OptionsDraft>) => void;
  setMeals: (meals: MealDraft[]) => void;
  addMeal: () => void;
  removeMeal: (index: number) => void;
  setAfterPartyEnabled: (enabled: boolean) => void;
  setAfterParty: (patch: Partial<AfterPartyDraft>) => void;
  setPublicSettings: (patch: Partial<PublicSettingsDraft>) => void;
  /** The contact e-mail becomes the organiser e-mail, the contact name the contract name (still editable). */
  copyContactToOrganiser: () => void;
  setEmail: (email: string) => void;
  setContract: (patch: Partial<ContractDraft>) => void;
  complete: (step: StepId) => void;
  created: (adminId: string) => void;
  reset: (demo: boolean) => void;
}

export type WizardState = WizardData & WizardActions;

const MEAL_LABELS: Record<Language, string[]> = {
  de: ['Vorspeise', 'Hauptgericht', 'Nachspeise'],
  en: ['Appetizer', 'Main course', 'Dessert'],
};

export function today(): LocalDate {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Berlin');
}

function defaultMeals(language: Language, count = 3): MealDraft[] {
  return MEAL_LABELS[language].slice(0, count).map((label, i) => ({ label, time: DEFAULT_MEAL_TIMES[i] }));
}

/** The wire value of a meal time: the time of day on the dinner day. */
export function mealDateTime(date: LocalDate, time: string): LocalDateTime {
  return `${date}T${time}`;
}

/** Next meal time of day, MINUTES_BETWEEN_MEALS after the previous one (wraps past midnight; validation then objects). */
function timeAfter(time: string | undefined): string {
  if (!time || !/^\d{2}:\d{2}$/.test(time)) return DEFAULT_MEAL_TIMES[0];
  return addMinutes(`2000-01-01T${time}`, MINUTES_BETWEEN_MEALS).slice(11, 16);
}

function lastMealDateTime(date: LocalDate, meals: MealDraft[]): LocalDateTime {
  const times = meals.map((m) => m.time).filter((t) => /^\d{2}:\d{2}$/.test(t));
  return mealDateTime(date, times.at(-1) ?? DEFAULT_MEAL_TIMES[0]);
}

/** The demo's public description, in the event's language. */
const DEMO_DESCRIPTION: Record<Language, string> = {
  de: 'Ein Running Dinner zum Ausprobieren: drei Gänge, drei Küchen, viele neue Leute.',
  en: 'A running dinner to try out: three courses, three kitchens, many new people.',
};

/** A new event speaks the language its organiser reads the wizard in. */
const uiLanguage = (): Language => (i18n.locale === 'en' ? 'en' : 'de');

function initialData(demo: boolean): WizardData {
  const date = demo ? addDays(today(), 30) : '';
  const languageCode = uiLanguage();
  return {
    demo,
    basics: demo
      ? {
          title: 'Demo Running Dinner',
          city: 'Freiburg',
          zip: '79100',
          date,
          registrationType: 'CLOSED',
          languageCode,
        }
      : { title: '', city: '', zip: '', date: '', registrationType: 'PUBLIC', languageCode },
    options: {
      meals: defaultMeals(languageCode),
      forceEqualDistributedCapacityTeams: true,
      genderAspects: 'FORCE_GENDER_MIX',
      considerShortestPaths: false,
      teamPartnerWishDisabled: false,
      zipRestrictions: '',
    },
    afterParty: null,
    publicSettings: demo
      ? {
          title: 'Demo Running Dinner',
          description: DEMO_DESCRIPTION[languageCode],
          publicContactName: '',
          publicContactEmail: '',
          publicContactMobileNumber: '',
          endOfRegistrationDate: defaultEndOfRegistration(date),
        }
      : {
          title: '',
          description: '',
          publicContactName: '',
          publicContactEmail: '',
          publicContactMobileNumber: '',
          endOfRegistrationDate: '',
        },
    email: '',
    contract: { fullname: '', streetWithNr: '', zip: '', city: '', newsletterEnabled: false },
    completed: [],
    createdAdminId: null,
    creationKey: idempotencyKey(),
  };
}

/** Labels still at the defaults of the old language follow a language change; typed labels stay. */
function relabel(meals: MealDraft[], from: Language, to: Language): MealDraft[] {
  return meals.map((meal, i) => (meal.label === MEAL_LABELS[from][i] ? { ...meal, label: MEAL_LABELS[to][i] } : meal));
}

/** A text still at its default in the old language becomes the default in the new one; a typed text stays. */
const follow = (text: string, defaults: Record<Language, string>, from: Language, to: Language) =>
  text === defaults[from] ? defaults[to] : text;

/** Everything the wizard wrote for the organiser follows a new event language: meal labels, the demo's
 * description, the after-party's name. */
function inLanguage(
  data: Pick<WizardData, 'options' | 'publicSettings' | 'afterParty'>,
  from: Language,
  to: Language,
): Pick<WizardData, 'options' | 'publicSettings' | 'afterParty'> {
  const { options, publicSettings, afterParty } = data;
  return {
    options: { ...options, meals: relabel(options.meals, from, to) },
    publicSettings: { ...publicSettings, description: follow(publicSettings.description, DEMO_DESCRIPTION, from, to) },
    afterParty: afterParty && { ...afterParty, title: follow(afterParty.title, DEFAULT_AFTER_PARTY_TITLES, from, to) },
  };
}

export const useWizard = create<WizardState>()(
  persist(
    (set, get) => ({
      ...initialData(false),
      setBasics: (patch) => {
        const { basics: previous, afterParty, publicSettings, options } = get();
        const basics = { ...previous, ...patch };
        const oldDate = isLocalDate(previous.date) ? previous.date : undefined;
        const newDate = isLocalDate(basics.date) ? basics.date : undefined;
        const dateChanged = newDate !== undefined && oldDate !== newDate;
        // Meals keep their time of day, so they move with the date by themselves; the party may be after
        // midnight and moves by the same number of days.
        const party =
          afterParty && dateChanged && oldDate
            ? { ...afterParty, time: shiftByDateChange(afterParty.time, oldDate, newDate) }
            : afterParty;
        // The deadline follows a new date and never stays after the dinner.
        const end = publicSettings.endOfRegistrationDate;
        const endOfRegistrationDate =
          newDate && (dateChanged || !end || compareDates(end, newDate) > 0) ? defaultEndOfRegistration(newDate) : end;
        // The public title is the title until the organiser gives it one of its own.
        const title =
          publicSettings.title === '' || publicSettings.title === previous.title ? basics.title : publicSettings.title;
        set({
          basics,
          ...inLanguage(
            { afterParty: party, publicSettings: { ...publicSettings, title, endOfRegistrationDate }, options },
            previous.languageCode,
            basics.languageCode,
          ),
        });
      },
      setOptions: (patch) => set({ options: { ...get().options, ...patch } }),
      setMeals: (meals) => set({ options: { ...get().options, meals } }),
      addMeal: () => {
        const { options, basics } = get();
        if (options.meals.length >= MAX_MEALS) return;
        const index = options.meals.length;
        const label = MEAL_LABELS[basics.languageCode][index] ?? '';
        set({
          options: { ...options, meals: [...options.meals, { label, time: timeAfter(options.meals.at(-1)?.time) }] },
        });
      },
      removeMeal: (index) => {
        const { options } = get();
        set({ options: { ...options, meals: options.meals.filter((_, i) => i !== index) } });
      },
      setAfterPartyEnabled: (enabled) => {
        if (!enabled) return set({ afterParty: null });
        const { basics, options } = get();
        const date = basics.date || today();
        set({
          afterParty: defaultAfterPartyLocation(
            basics.zip,
            basics.city,
            [{ time: lastMealDateTime(date, options.meals) }],
            basics.languageCode,
          ),
        });
      },
      setAfterParty: (patch) => {
        const current = get().afterParty;
        if (current) set({ afterParty: { ...current, ...patch } });
      },
      setPublicSettings: (patch) => set({ publicSettings: { ...get().publicSettings, ...patch } }),
      copyContactToOrganiser: () => {
        const { publicSettings, contract } = get();
        set({
          email: publicSettings.publicContactEmail.trim() || get().email,
          contract: { ...contract, fullname: publicSettings.publicContactName.trim() || contract.fullname },
        });
      },
      setEmail: (email) => set({ email }),
      setContract: (patch) => set({ contract: { ...get().contract, ...patch } }),
      complete: (step) => set({ completed: [...new Set([...get().completed, step])] }),
      created: (createdAdminId) => set({ createdAdminId }),
      reset: (demo) => set(initialData(demo)),
    }),
    {
      name: 'running-dinner-wizard',
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
    },
  ),
);

/** The steps this dinner goes through: closed dinners skip the public registration settings. */
export function stepsFor(registrationType: RegistrationType): StepId[] {
  return STEP_IDS.filter((s) => s !== 'registration-settings' || registrationType !== 'CLOSED');
}

export const STEP_PATHS: Record<StepId, string> = {
  basics: '/',
  options: '/options',
  mealtimes: '/mealtimes',
  'registration-settings': '/registration-settings',
  'participants-preview': '/participants-preview',
  finish: '/finish',
};
