/** The site's icons live in common, where the console's icon picker reads them too. */
export { iconFor, iconPaths, type IconName } from '@kafue/common/icons';
