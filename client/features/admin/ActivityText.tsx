import type { Activity } from '@contract/activities';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../components/numberFormat';
import { formatDistance } from '../dinnerroutes/cockpitModel';

// One recorded activity as the dashboard's feed says it.

export function ActivityText({ activity }: { activity: Activity }) {
  const count = activity.details.count ?? 0;
  const name = activity.details.name ?? '';
  const partnerName = activity.details.partnerName;
  const otherName = activity.details.otherName ?? '';
  const teamNumber = activity.details.teamNumber ?? '';
  const otherTeamNumber = activity.details.otherTeamNumber ?? '';
  const recipients = Number(activity.details.recipients ?? 0);
  const failed = Number(activity.details.failed ?? 0);
  const { i18n } = useLingui();
  const before = formatDistance(Number(activity.details.totalMetersBefore ?? 0), i18n.locale);
  const after = formatDistance(Number(activity.details.totalMetersAfter ?? 0), i18n.locale);
  const amount = formatAmount(
    Number(activity.details.amountCents ?? 0),
    String(activity.details.currency ?? 'EUR'),
    i18n.locale,
  );
  switch (activity.type) {
    case 'DINNER_CREATED':
      return <Trans>Running dinner created</Trans>;
    case 'PARTICIPANTS_UPLOADED':
      return activity.origin === 'SYSTEM' ? (
        <Trans>{count} participants added</Trans>
      ) : (
        <Trans>{count} participants imported</Trans>
      );
    case 'MEAL_TIMES_UPDATED':
      return <Trans>Meal times changed</Trans>;
    case 'CUSTOM_ADMIN_CHANGE':
      return activity.details.change === 'paymentOptions' ? (
        <Trans>Registration fee changed</Trans>
      ) : (
        <Trans>Settings changed</Trans>
      );
    case 'DINNER_ACKNOWLEDGED':
      return <Trans>E-mail address confirmed</Trans>;
    case 'DINNER_CANCELLED':
      return <Trans>Running dinner cancelled</Trans>;
    case 'PARTICIPANT_SUBSCRIBED':
      if (activity.origin === 'ORGANIZER') return <Trans>{name} added</Trans>;
      return partnerName ? (
        <Trans>
          {name} and {partnerName} registered as a team
        </Trans>
      ) : (
        <Trans>{name} registered</Trans>
      );
    case 'PARTICIPANT_UNSUBSCRIBED':
      return <Trans>{name} removed</Trans>;
    case 'TEAMS_GENERATED':
      return <Trans>{count} teams generated</Trans>;
    case 'TEAMS_REGENERATED':
      return <Trans>Teams generated again: {count} teams</Trans>;
    case 'TEAMS_DROPPED':
      return <Trans>Teams deleted</Trans>;
    case 'TEAM_MEMBERS_SWAPPED':
      return (
        <Trans>
          {name} and {otherName} swapped teams
        </Trans>
      );
    case 'TEAM_MEALS_SWAPPED':
      return (
        <Trans>
          Team {teamNumber} and team {otherTeamNumber} swapped meals
        </Trans>
      );
    case 'TEAM_NUMBERS_SWAPPED':
      return (
        <Trans>
          Team {teamNumber} and team {otherTeamNumber} swapped numbers
        </Trans>
      );
    case 'TEAM_HOSTS_CHANGED':
      if (activity.origin === 'PARTICIPANT')
        return (
          <Trans>
            {name} changed the host of team {teamNumber}
          </Trans>
        );
      return <Plural value={count} one="Host of # team changed" other="Hosts of # teams changed" />;
    case 'PARTICIPANT_WITHDREW':
      return teamNumber ? (
        <Trans>
          {name} cannot come (team {teamNumber})
        </Trans>
      ) : (
        <Trans>{name} cannot come (waiting list)</Trans>
      );
    case 'TEAM_MEMBER_CANCELLED':
      return (
        <Trans>
          {name} left team {teamNumber}
        </Trans>
      );
    case 'TEAM_MEMBER_TO_WAITINGLIST':
      return (
        <Trans>
          {name} moved from team {teamNumber} onto the waiting list
        </Trans>
      );
    case 'TEAM_CANCELLED':
      return <Trans>Team {teamNumber} cancelled</Trans>;
    case 'TEAM_REPLACED':
      return <Trans>Team {teamNumber} replaced from the waiting list</Trans>;
    case 'WAITINGLIST_PARTICIPANTS_ASSIGNED':
      return (
        <Plural value={count} one="# waiting participant joined a team" other="# waiting participants joined teams" />
      );
    case 'WAITINGLIST_TEAMS_GENERATED':
      return <Trans>New teams made from {count} waiting participants</Trans>;
    case 'PARTICIPANT_MAIL_SENT':
      return <Plural value={recipients} one="Message sent to # participant" other="Message sent to # participants" />;
    case 'TEAM_ARRANGEMENT_MAIL_SENT':
      return (
        <Plural value={recipients} one="Team arrangement sent to # person" other="Team arrangements sent to # people" />
      );
    case 'DINNER_ROUTE_MAIL_SENT':
      return <Plural value={recipients} one="Dinner route sent to # person" other="Dinner routes sent to # people" />;
    case 'UPDATE_MAIL_SENT':
      return activity.origin === 'SYSTEM' ? (
        <Plural
          value={recipients}
          one="A host changed: update sent at once to # person"
          other="A host changed: update sent at once to # people"
        />
      ) : (
        <Plural value={recipients} one="Update sent to # person" other="Updates sent to # people" />
      );
    case 'MESSAGE_JOB_SENDING_FAILED':
      return (
        <Plural
          value={failed}
          one="# mail of a message could not be delivered"
          other="# mails of a message could not be delivered"
        />
      );
    case 'ROUTES_OPTIMIZED':
      return activity.origin === 'SYSTEM' ? (
        <Trans>
          Routes shortened automatically: {before} → {after} in total
        </Trans>
      ) : (
        <Trans>
          Routes optimised: {before} → {after} in total
        </Trans>
      );
    case 'PAID_NOT_REGISTERED':
      return (
        <Trans>
          {name} paid the registration fee, but the registration was no longer possible: the fee needs to be refunded
        </Trans>
      );
    case 'PAYMENT_REFUNDED':
      return (
        <Trans>
          Registration fee of {amount} refunded to {name}
        </Trans>
      );
    default:
      return <>{activity.type}</>;
  }
}
