import { Badge, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { sampleServices } from './sampleServices';

/** Manage Services (spec section 2): sample cards; Edit and Delete have no behaviour. */
export default function ManageServices() {
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Manage Services
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {sampleServices.map((s) => (
          <Card withBorder key={s.title} padding="lg" component="article">
            <Title order={2} size="h4">
              {s.title}
            </Title>
            <Badge variant="light" mt={4} w="fit-content">
              {s.category}
            </Badge>
            <Text size="sm" c="dimmed" mt="sm">
              {s.description}
            </Text>
            <Group mt="md">
              <Button variant="light" size="xs" aria-label={`Edit ${s.title}`}>
                Edit
              </Button>
              <Button variant="light" color="red" size="xs" aria-label={`Delete ${s.title}`}>
                Delete
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
