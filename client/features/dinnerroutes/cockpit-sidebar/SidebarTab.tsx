import { Tab } from '@headlessui/react';
import type { ReactNode } from 'react';

export function SidebarTab({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Tab
      data-testid={testId}
      className="flex-1 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap text-gray-700 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-primary-500 data-[hover]:bg-gray-50 data-[selected]:bg-primary-700 data-[selected]:text-white"
    >
      {children}
    </Tab>
  );
}
