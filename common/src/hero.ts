/**
 * The home page's hero: the address of its background video, which the company changes itself
 * from the console (Settings › Company), published with the home page as the company profile is
 * with every page. Only wide screens on a connection that can afford it ever fetch it.
 */

export interface HeroSettings {
  /** A https address, or a path of this site ('/media/hero.mp4'). */
  videoUrl: string;
  /** A photograph of the media library shown as the hero (in place of the built-in poster). */
  poster?: string;
  /** A video of the media library played in place of `videoUrl`. */
  video?: string;
}

/** The file the specification's home page plays, from a third-party media host. */
export const defaultHero: HeroSettings = {
  videoUrl: 'https://videos.pexels.com/video-files/3129957/3129957-uhd_2560_1440_25fps.mp4',
};

/** What the console recommends for the video: every visitor on a wide screen downloads it. */
export const heroVideoAdvice = 'At most 1280x720 and 2 MB: every visitor on a computer downloads it.';

/**
 * The attribute the server puts on a page's root element when the browser asked to save data
 * (the `Save-Data: on` request header, which the page's scripts cannot see themselves).
 */
export const saveDataMarker = 'data-save-data';
