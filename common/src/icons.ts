/** Stroke icons (24x24 grid, 2px stroke), drawn for this site; each value is one SVG path. */
export const iconPaths = {
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3',
  mail: 'M3 6h18v12H3zM3 7l9 6l9-6',
  cloud: 'M7 18h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 9.2A4.5 4.5 0 0 0 7 18',
  megaphone: 'M3 10v4h3l7 4V6L6 10zM16 9a4 4 0 0 1 0 6M6 14l1 5h3l-1-4',
  monitor: 'M3 4h18v12H3zM8 20h8M12 16v4',
  pen: 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1l1-4z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V6zM9 12l2 2l4-4',
  trending: 'M3 17l6-6l4 4l8-8M15 7h6v6',
  camera: 'M3 7h11l3 3v4l-3 3H3zM17 11l4-2v6l-4-2M7 12h.01',
  code: 'M8 7l-5 5l5 5M16 7l5 5l-5 5M14 4l-4 16',
  server: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  users: 'M9 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8M2 21v-1a6 6 0 0 1 12 0v1M16 3.1a4 4 0 0 1 0 7.8M22 21v-1a6 6 0 0 0-4-5.6',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zM20 14h-3v6h2a1 1 0 0 0 1-1zM17 20c0 1-2 2-5 2',
  target: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7a5 5 0 1 0 0 10a5 5 0 1 0 0-10M12 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2',
  layers: 'M12 3l9 5l-9 5l-9-5zM3 13l9 5l9-5M3 17l9 5l9-5',
  rocket:
    'M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.1 2.1 0 0 0-2.9-.1M12 15l-3-3a22 22 0 0 1 2-4A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5',
  award: 'M12 2a6 6 0 1 0 0 12a6 6 0 1 0 0-12M8.2 12.9L7 22l5-3l5 3l-1.2-9.1',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
  chart: 'M3 3v18h18M7 16v-5M12 16V7M17 16v-8',
  tag: 'M3 12V3h9l9 9l-9 9zM7.5 7.5h.01',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2a19.8 19.8 0 0 1-8.6-3.1a19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2A2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2',
  clock: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 2',
  pin: 'M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21zM12 7a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5',
  check: 'M5 12l5 5L20 7',
  checkCircle: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M8 12l3 3l5-6',
  minus: 'M6 12h12',
  star: 'M12 2.5l2.9 6l6.6.8l-4.9 4.5l1.3 6.5L12 17l-5.9 3.3l1.3-6.5l-4.9-4.5l6.6-.8z',
  chevronLeft: 'M15 6l-6 6l6 6',
  chevronRight: 'M9 6l6 6l-6 6',
  chevronDown: 'M6 9l6 6l6-6',
  arrowLeft: 'M19 12H5M11 6l-6 6l6 6',
  arrowRight: 'M5 12h14M13 6l6 6l-6 6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  pause: 'M8 5v14M16 5v14',
  play: 'M7 4l13 8l-13 8z',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M21 21l-5-5',
  facebook: 'M15 3h-2.5A4.5 4.5 0 0 0 8 7.5V10H5v4h3v7h4v-7h3l1-4h-4V7.5a.5.5 0 0 1 .5-.5H15z',
  linkedin:
    'M4 9h4v12H4zM6 3a2 2 0 1 0 0 4a2 2 0 1 0 0-4M10 9h4v2c.6-1.2 2-2.2 4-2.2c3 0 4 2 4 5.2v7h-4v-6.5c0-1.5-.5-2.5-2-2.5s-2 1.1-2 2.5V21h-4z',
  x: 'M4 4l11 16h5L9 4zM20 4l-6.3 7M4 20l6.3-7',
  spark: 'M13 2L4 14h7l-1 8l9-12h-7z',
} as const;

export type IconName = keyof typeof iconPaths;

/** An icon named by content (an add-on, a project group): a name the site does not know shows a check mark. */
export const iconFor = (name: string): IconName => (Object.hasOwn(iconPaths, name) ? (name as IconName) : 'check');

/** How content names an icon (the content schemas check it): lower-case letters and dashes. */
export const iconNamePattern = /^[a-z][a-z-]{0,39}$/;

/** The icons content may name, in the order drawn: the console's icon picker offers these. */
export const contentIconNames = (Object.keys(iconPaths) as IconName[]).filter((name) => iconNamePattern.test(name));
