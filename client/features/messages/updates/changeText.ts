import type { Change } from '@contract/updates';
import { changeLine } from '@contract/updates.messages';
import type { I18n } from '@lingui/core';

/** One change as the update mail says it, in the page's language. */
export function changeText(i18n: I18n, change: Change): string {
  const { id, values } = changeLine(change);
  return i18n._(id, values);
}
