import type { SelfTeamMember } from '@contract/self-teams';
import { fullName } from '@domain/participants/names';
import { Trans } from '@lingui/react/macro';
import { AddressLines } from '../../registration/EventInfo';
import { PhoneLink } from '../SelfPage';
import { HostBadge } from './HostBadge';

export function MemberCard({ member, hosts }: { member: SelfTeamMember; hosts: boolean }) {
  const name = fullName(member);
  return (
    <li className="rounded-lg border border-gray-200 p-4" data-testid="self-team-member" data-host={hosts}>
      <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-gray-900">
        <span>{member.isSelf ? <Trans>{name} (you)</Trans> : name}</span>
        {hosts && <HostBadge />}
      </p>
      <div className="mt-2 space-y-1 text-sm text-gray-700">
        <p>
          <AddressLines address={member} />
          {member.addressRemarks && <span className="block text-gray-600">{member.addressRemarks}</span>}
        </p>
        {!member.isSelf && member.email && (
          <a
            href={`mailto:${member.email}`}
            className="block font-medium [overflow-wrap:anywhere] text-primary-700 underline underline-offset-2"
          >
            {member.email}
          </a>
        )}
        {!member.isSelf && member.mobileNumber && <PhoneLink number={member.mobileNumber} className="block" />}
      </div>
    </li>
  );
}
