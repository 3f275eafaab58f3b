import { useId, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import './phone.css';

export interface FilterFold {
  /** The 'Filters' button, shown on a phone only. */
  button: ReactNode;
  /** Spread on the element holding the filters: on a phone it shows only while the button is pressed. */
  panel: { id: string; className: string; 'data-open': true | undefined };
}

/**
 * A list screen's filters on a phone fold behind a 'Filters' button (which counts those set, so a
 * folded filter is not forgotten), putting the list on the first screen; from Mantine's sm
 * breakpoint up the filters show as always, with no button.
 */
export function useFilterFold(active: number): FilterFold {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = (
    <Button
      hiddenFrom="sm"
      variant="default"
      mb="md"
      aria-expanded={open}
      aria-controls={id}
      onClick={() => setOpen((o) => !o)}
      rightSection={<span aria-hidden>{open ? '▴' : '▾'}</span>}
    >
      Filters{active > 0 ? ` (${active})` : ''}
    </Button>
  );
  return { button, panel: { id, className: 'kafue-filters', 'data-open': open || undefined } };
}
