import type { ReactNode } from 'react';
import type { PickOption } from './pickOption';

interface PickCommonProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  searchPlaceholder: string;
  options: readonly PickOption[];
  /** Shown instead of the list when the search matches nothing. */
  emptyText: ReactNode;
  /** Accessible name of the list. */
  listLabel?: string;
  /** data-testid of the dialog panel. */
  testId: string;
  onClose: () => void;
}

/** One choice: a click on an option picks it. */
export interface OnePickProps extends PickCommonProps {
  multiple?: false;
  /** data-testid of each option button. */
  optionTestId?: string;
  onPick: (id: string) => void;
}

/** Any number: ticks, then "Apply". */
export interface ManyPickProps extends PickCommonProps {
  multiple: true;
  /** Ticked when the dialog opens. */
  selected: readonly string[];
  onApply: (ids: string[]) => void;
}
