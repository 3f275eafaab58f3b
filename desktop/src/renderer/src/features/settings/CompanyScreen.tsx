import { Stack } from '@mantine/core';
import CompanySettings from './CompanySettings';
import { HeroVideoSettings } from './HeroVideoSettings';

/** Settings › Company: how the public site presents the company, its contact points and its home page's video. */
export default function CompanyScreen() {
  return (
    <Stack>
      <CompanySettings />
      <HeroVideoSettings />
    </Stack>
  );
}
