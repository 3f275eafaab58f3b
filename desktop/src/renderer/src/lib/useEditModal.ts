import { useState } from 'react';

/** An add/edit form modal's state: closed, open to add, or open to edit one record. */
export function useEditModal<T>() {
  const [state, setState] = useState<{ opened: boolean; editing: T | null }>({ opened: false, editing: null });
  return {
    ...state,
    openNew: () => setState({ opened: true, editing: null }),
    openEdit: (record: T) => setState({ opened: true, editing: record }),
    close: () => setState({ opened: false, editing: null }),
  };
}
