export const cardClass = 'rounded-xl border border-gray-200 bg-white p-4 shadow-sm';

// Beside the map the lists scroll on their own; below it (phones) they are part of the page.
export const listClass = 'space-y-2 xl:max-h-[32rem] xl:overflow-y-auto xl:pr-1';
