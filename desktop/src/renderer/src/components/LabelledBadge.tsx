import { Badge, type BadgeProps } from '@mantine/core';

/**
 * A badge that names what it shows ("Status: New", "Stage: New"): two side by side cannot be
 * mistaken for each other, by eye or by ear. In the words' own case: "STATUS: NEW" shouts.
 */
export function LabelledBadge({ label, value, ...props }: Omit<BadgeProps, 'children'> & { label: string; value: string }) {
  return (
    <Badge tt="none" {...props}>
      {label}: {value}
    </Badge>
  );
}
