import type { ExportFormat } from '@contract/participants-import';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useAdminId } from '../admin/hooks';
import { participantsPath } from './hooks';

/** Plain download links: the browser saves the file the server names. */
export function ExportMenu() {
  const adminId = useAdminId();
  const href = (format: ExportFormat) => `/rest${participantsPath(adminId, `/participants/export?format=${format}`)}`;
  const formats: { format: ExportFormat; label: ReactNode }[] = [
    { format: 'xlsx', label: <Trans>Export as Excel (XLSX)</Trans> },
    { format: 'csv', label: <Trans>Export as CSV</Trans> },
  ];
  return (
    <Menu>
      <MenuButton
        data-testid="export-menu"
        className="inline-flex w-full items-center justify-center gap-1.5 rounded-lg border md:w-auto border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[focus]:ring-offset-2"
      >
        <Trans>Export</Trans>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-gray-500">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-30 mt-1 w-60 rounded-lg border border-gray-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        {formats.map(({ format, label }) => (
          <MenuItem key={format}>
            <a
              href={href(format)}
              download
              data-testid={`export-${format}`}
              className="block px-4 py-2 text-sm text-gray-900 data-[focus]:bg-primary-50"
            >
              {label}
            </a>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
