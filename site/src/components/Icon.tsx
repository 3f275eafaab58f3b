import { iconPaths, type IconName } from './icon-paths';

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
  filled?: boolean;
}

/** Decorative inline SVG icon; the text beside it (or an aria-label on its control) names it. */
export function Icon({ name, size = 24, className, filled }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
