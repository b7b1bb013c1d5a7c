import { DialogTitle } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { inputClass } from '../form';
import { Modal } from '../Modal';

interface PickFrameProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  searchPlaceholder: string;
  query: string;
  onQuery: (query: string) => void;
  /** Below the search box, e.g. "select all". */
  belowSearch?: ReactNode;
  /** Whether the search left anything to show; if not, `emptyText` stands in the list. */
  nothingShown: boolean;
  /** Shown instead of the list when the search matches nothing. */
  emptyText: ReactNode;
  /** Accessible name of the list. */
  listLabel?: string;
  /** data-testid of the dialog panel. */
  testId: string;
  onClose: () => void;
  /** The list's items. */
  children: ReactNode;
  footer: ReactNode;
}

/** What every pick dialog shows around its options: title, description, a search box, the scrolling list, a footer. */
export function PickFrame(props: PickFrameProps) {
  const searchId = useId();
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      className="flex max-h-[85vh] max-w-lg flex-col"
      testId={props.testId}
    >
      <div className="border-b border-gray-100 p-6 pb-4">
        <DialogTitle className="text-lg font-semibold text-gray-900">{props.title}</DialogTitle>
        <p className="mt-1 text-sm text-gray-600">{props.description}</p>
        <label htmlFor={searchId} className="mt-4 mb-1 block text-sm font-medium text-gray-800">
          <Trans>Search</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the dialog opens to search; focus belongs in its search field
          autoFocus
          value={props.query}
          onChange={(e) => props.onQuery(e.target.value)}
          placeholder={props.searchPlaceholder}
          className={`${inputClass} border-gray-300 focus:border-primary-600 focus:ring-primary-500/30`}
        />
        {props.belowSearch}
      </div>
      <ul className="min-h-0 flex-1 divide-y divide-gray-100 overflow-y-auto px-2 py-2" aria-label={props.listLabel}>
        {props.nothingShown && <li className="px-4 py-3 text-sm text-gray-600">{props.emptyText}</li>}
        {props.children}
      </ul>
      {props.footer}
    </Modal>
  );
}
