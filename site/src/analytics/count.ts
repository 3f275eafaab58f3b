/**
 * Counts the page: loads the beacon (its own chunk, with web-vitals).
 * If the chunk fails to load, the view is not counted; the page works as it is.
 */
export const countPageView = () => void import('./beacon').then(({ pageView }) => pageView());
