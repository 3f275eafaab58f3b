/**
 * The pricing page (pages/Pricing.tsx): the switch between the monthly plans and the project
 * groups (one open at a time, their items ticked for the group's Get Quote), View Add-ons, Add to
 * Plan, and the selection bar (components/SelectionBar.tsx) with the chosen add-ons, the estimate,
 * each removable, announced in the page's status line. The plans' buttons carry the add-ons chosen.
 * The address may ask for a view (?view=project#project-web, ?view=addons: where the search's
 * results lead); the loader then starts this at once, as it does when a selection is kept from
 * before (registry.ts). Every piece of markup is the server's, from the page or its templates.
 */
import { contactHref, monthlyEstimate, pricingViewOf, type ProjectRef } from '@kafue/common/requests';
import { selectionBar as t } from '../content/pricing';
import { prefersReducedMotion } from '../components/reveal';
import { selectionKey } from './selection';
import { accordion } from './disclosures';

/** A copy of the template's element, of this page (a link's address resolves against the page's). */
const clone = <T extends Element>(template: HTMLTemplateElement) => document.importNode(template.content.firstElementChild!, true) as T;

/**
 * The project groups, afresh from their template (as each switch to them shows them): none ticked,
 * the one the address's hash names open.
 */
function projectGroups(template: HTMLTemplateElement): HTMLElement {
  const view = clone<HTMLElement>(template);
  const all = [...view.querySelectorAll<HTMLElement>('.project-group')];
  const setOpen = accordion(all);
  for (const group of all) {
    const hint = group.querySelector('.group-quote p')!;
    const link = clone<HTMLAnchorElement>(group.querySelector('.group-quote template')!);
    // In the order they were ticked.
    let ticked: ProjectRef[] = [];
    group.addEventListener('change', (e) => {
      const box = e.target as HTMLInputElement;
      const ref = { group: box.dataset.group!, title: box.dataset.title! };
      ticked = box.checked ? [...ticked, ref] : ticked.filter((p) => p.title !== ref.title);
      link.href = contactHref({ projects: ticked });
      if (ticked.length) hint.replaceWith(link);
      else link.replaceWith(hint);
    });
  }
  const asked = all.find((group) => `#${group.id}` === location.hash);
  if (asked) setOpen(asked, true);
  return view;
}

/** The names kept; none when nothing is, or what is is not a list of names, or storage is refused. */
function readSelection(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(selectionKey) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * While the bar shows, the page's bottom scroll padding is the bar's height, so that what it would
 * cover is scrolled into view above it: a button focused with the keyboard, and the one whose choice
 * just brought the bar (or made it taller) over it.
 */
function padBelow(bar: HTMLElement) {
  const page = document.documentElement;
  return new ResizeObserver(() => {
    page.style.scrollPaddingBottom = `${bar.offsetHeight}px`;
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body || bar.contains(focused)) return;
    const [f, b] = [focused.getBoundingClientRect(), bar.getBoundingClientRect()];
    if (f.bottom > b.top && f.top < b.bottom) focused.scrollIntoView({ block: 'nearest' });
  });
}

export default function pricing(root: HTMLElement) {
  // The switch: the plans stay the same elements (their addresses follow the selection); the groups are new each time.
  const heading = root.querySelector('#plans-heading')!;
  const views = [...root.querySelectorAll<HTMLButtonElement>('.switch button')];
  const plans = root.querySelector('.plans')!;
  const groupsTemplate = root.querySelector<HTMLTemplateElement>('template[data-view="project"]')!;
  let groups: HTMLElement | null = null;
  const showView = (view: string) => {
    for (const button of views) button.setAttribute('aria-pressed', String(button.dataset.view === view));
    heading.textContent = views.find((button) => button.dataset.view === view)!.textContent;
    if (view === 'project') {
      if (!groups) plans.replaceWith((groups = projectGroups(groupsTemplate)));
    } else if (groups) {
      groups.replaceWith(plans);
      groups = null;
    }
  };
  for (const button of views) button.addEventListener('click', () => showView(button.dataset.view!));

  // View Add-ons.
  const toggle = root.querySelector<HTMLButtonElement>('[aria-controls="addons-panel"]')!;
  const panel = root.querySelector<HTMLElement>('#addons-panel')!;
  const openAddOns = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    toggle.querySelector('.chevron')!.classList.toggle('open', open);
    panel.dataset.open = String(open);
    panel.inert = !open;
  };
  toggle.addEventListener('click', () => openAddOns(toggle.getAttribute('aria-expanded') !== 'true'));

  // Add to Plan: the button of each card's template in place of its link.
  const addButtons = [...panel.querySelectorAll('template')].map((template) => {
    const button = clone<HTMLButtonElement>(template);
    template.previousElementSibling!.replaceWith(button);
    button.addEventListener('click', () => choose(button.dataset.addon!));
    return button;
  });
  const planLinks = [...plans.querySelectorAll('a')].map((a) => [a, new URLSearchParams(a.search).get('plan')!] as const);
  const status = root.querySelector('[role="status"]')!;

  // The bar, with an item for every published add-on: the chosen ones show.
  const barTemplate = root.querySelector<HTMLTemplateElement>('template[data-selection-bar]')!;
  const bar = clone<HTMLElement>(barTemplate);
  const list = bar.querySelector('ul')!;
  const items = [...list.querySelectorAll('li')];
  const estimate = bar.querySelector('.selection-estimate strong')!;
  const [send, chat] = bar.querySelectorAll<HTMLAnchorElement>('.selection-actions a');
  const chatHref = chat?.getAttribute('href') ?? '';
  const padding = padBelow(bar);
  for (const item of items) {
    const name = item.dataset.addonItem!;
    item.querySelector('button')!.addEventListener('click', () => {
      // Focus goes on to the next item's Remove, or back to the add-on's own button when none is left.
      const next = (item.nextElementSibling ?? item.previousElementSibling)?.querySelector('button');
      choose(name);
      (next ?? addButtons.find((button) => button.dataset.addon === name))?.focus();
    });
  }

  let chosen = readSelection();
  /** Shows the selection: only add-ons still published (one withdrawn since it was chosen is left out). */
  const render = () => {
    const shown = items.filter((item) => chosen.includes(item.dataset.addonItem!));
    const names = shown.map((item) => item.dataset.addonItem!);
    for (const button of addButtons) button.setAttribute('aria-pressed', String(names.includes(button.dataset.addon!)));
    for (const [a, plan] of planLinks) a.href = contactHref({ plan, addons: names });
    if (!names.length) {
      padding.disconnect();
      document.documentElement.style.scrollPaddingBottom = '';
      return bar.remove();
    }
    list.replaceChildren(...shown);
    const total = monthlyEstimate(
      null,
      shown.map((item) => ({ price: item.querySelector('.muted')!.textContent })),
    );
    estimate.textContent = total;
    send.href = contactHref({ addons: names });
    if (chat) chat.href = chatHref.replace(encodeURIComponent(t.chatSlot), encodeURIComponent(t.chat(names, total)));
    if (!bar.isConnected) {
      barTemplate.before(bar);
      padding.observe(bar);
    }
  };
  /** Adds the add-on, or takes it away; says so to screen readers. */
  const choose = (name: string) => {
    const had = chosen.includes(name);
    chosen = had ? chosen.filter((n) => n !== name) : [...chosen, name];
    try {
      sessionStorage.setItem(selectionKey, JSON.stringify(chosen));
    } catch {
      // Storage refused (private mode, quota): the selection lasts as long as the page.
    }
    status.textContent = had ? t.removed(name) : t.added(name);
    render();
  };
  render();

  // What the address asks for. The project group its hash names (open) is scrolled to: the page's
  // own scroll to the hash (entry-client.ts) may have come before the groups were there.
  const asked = pricingViewOf(location.search);
  if (asked === 'addons') openAddOns(true);
  if (asked === 'project') {
    showView('project');
    groups!.querySelector('[data-open="true"]')?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
  }
}
