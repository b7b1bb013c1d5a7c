import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { inputClass } from '../../../components/form';

/** The field a destructive action waits for: the event's title, typed as it is written. */
export function TypeTheTitle({
  title,
  typed,
  onChange,
  testId,
}: {
  title: string;
  typed: string;
  onChange: (typed: string) => void;
  testId: string;
}) {
  const inputId = useId();
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block font-medium text-gray-800">
        <Trans>
          To confirm, type the title: <span className="font-semibold break-words select-all">{title}</span>
        </Trans>
      </label>
      <input
        id={inputId}
        value={typed}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        className={`${inputClass} border-gray-300 focus:border-red-600 focus:ring-red-600/30`}
        data-testid={testId}
      />
    </div>
  );
}
