/**
 * The services page's category browser (components/CategoryBrowser.tsx): a pill or the dropdown
 * shows that category's heading and cards, from its template; the address's ?category=, when it
 * names one, is shown first (a name that is none has no template).
 */
export default function categoryBrowser(root: HTMLElement) {
  const pills = [...root.querySelectorAll<HTMLButtonElement>('.pill[data-category]')];
  const select = root.querySelector('select')!;
  const shown = root.querySelector('.category-shown')!;
  const templates = [...root.querySelectorAll<HTMLTemplateElement>('template[data-category]')];
  const show = (category: string) => {
    const template = templates.find((t) => t.dataset.category === category);
    if (!template) return;
    shown.replaceChildren(template.content.cloneNode(true));
    for (const pill of pills) pill.setAttribute('aria-pressed', String(pill.dataset.category === category));
    select.value = category;
  };
  for (const pill of pills) pill.addEventListener('click', () => show(pill.dataset.category!));
  select.addEventListener('change', () => show(select.value));
  const asked = new URLSearchParams(location.search).get('category');
  if (asked) show(asked);
}
