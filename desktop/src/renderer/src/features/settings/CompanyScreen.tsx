import { Stack } from '@mantine/core';
import CompanySettings from './components/CompanySettings';
import { HeroVideoSettings } from './components/HeroVideoSettings';

/** Settings › Company: how the public site presents the company, its contact points and its home page's video. */
export default function CompanyScreen() {
  return (
    <Stack>
      <CompanySettings />
      <HeroVideoSettings />
    </Stack>
  );
}
