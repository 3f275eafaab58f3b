/**
 * The islands: the parts of a page a visitor can operate. The page is rendered once, on the
 * server, by React; in the browser only these small modules run, each on the element that names
 * it (data-island="name"), loaded when it is needed:
 * - 'interaction': on the first pointer, focus, key or input event inside it; a click or a submit
 *   made before its code has arrived is held and made again once it has (entry-client.ts);
 * - 'visible': when it comes within 200 px of the viewport (it moves by itself: the carousel; or
 *   it loads what only the visitor who gets there needs: the contact page's map);
 * - 'idle': once the page has loaded and the browser is idle (the hero video);
 * and at once, whatever `when` says, if its `now` says the page as opened needs it (the pricing
 * page's kept selection).
 * Each module's default export sets the behaviour up on its element.
 */
import { selectionKey } from './selection';

type Island = (root: HTMLElement) => void;
type When = 'interaction' | 'visible' | 'idle';

export const islands: Record<string, { when: When; now?: () => boolean; load: () => Promise<{ default: Island }> }> = {
  newsletter: { when: 'interaction', load: () => import('./newsletter') },
  contact: { when: 'interaction', load: () => import('./contact') },
  disclosures: { when: 'interaction', load: () => import('./disclosures') },
  'category-browser': { when: 'visible', load: () => import('./category-browser') },
  carousel: { when: 'visible', load: () => import('./carousel') },
  map: { when: 'visible', load: () => import('./map') },
  'hero-video': { when: 'idle', load: () => import('./hero-video') },
  // The switch, the add-ons and the selection bar of /projects: on the first touch, but at once
  // when the page as opened shows more than the server's markup: a selection kept from earlier
  // (its bar shows on load; the selection is in the browser only, so the server cannot render it)
  // or an address asking for a view (?view=project, ?view=addons: where the search's results lead).
  // Asked here, in the loader: about 0.1 KB (gzip) more for every page, where loading the island on
  // every visit to /projects ('idle') would cost each its 2.2 KB, needed or not.
  pricing: {
    when: 'interaction',
    now: () => {
      try {
        // Anything but the empty list, which is what removing the last add-on leaves.
        return /[?&]view=/.test(location.search) || (sessionStorage.getItem(selectionKey) ?? '[]') !== '[]';
      } catch {
        return false; // storage refused: nothing kept
      }
    },
    load: () => import('./pricing'),
  },
};
