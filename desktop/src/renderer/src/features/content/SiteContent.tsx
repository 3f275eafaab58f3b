import { useState } from 'react';
import { Tabs, Title } from '@mantine/core';
import { CollectionManager } from './components/CollectionManager';
import { siteCollections, tabLabel } from './specs';

/** Site Content: the public site's plans, prices, FAQs, testimonials and insights, a tab each. */
export default function SiteContent() {
  const [tab, setTab] = useState<string>(siteCollections[0].collection);
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Site Content
      </Title>
      <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
        <Tabs.List mb="md">
          {siteCollections.map((c) => (
            <Tabs.Tab key={c.collection} value={c.collection}>
              {tabLabel(c)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {siteCollections.map((c) => (
          <Tabs.Panel key={c.collection} value={c.collection}>
            <CollectionManager spec={c} canAdd />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
