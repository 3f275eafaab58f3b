import { Title } from '@mantine/core';
import { CollectionManager } from './components/CollectionManager';
import { serviceSpec } from './specs';

/** Manage Services: the real services as cards, by category, with their editor. */
export default function ManageServices() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Manage Services
      </Title>
      <CollectionManager spec={serviceSpec} />
    </>
  );
}
