import { ManyPick } from './ManyPick';
import { OnePick } from './OnePick';
import type { ManyPickProps, OnePickProps } from './pickProps';

/** Picks from a searchable list: one option (`onPick`), or with `multiple` any number (`selected`, `onApply`). */
export function PickDialog(props: OnePickProps | ManyPickProps) {
  return props.multiple ? <ManyPick {...props} /> : <OnePick {...props} />;
}
