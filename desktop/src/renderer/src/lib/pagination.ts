const controlLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Names for Mantine Pagination's arrows and page buttons: an icon-only button needs one to be announced. */
export const paginationLabels = {
  getControlProps: (control: keyof typeof controlLabels) => ({ 'aria-label': controlLabels[control] }),
  getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
};
