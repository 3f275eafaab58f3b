import { useState, type FormEvent } from 'react';
import { Button, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { categoryKeys, isCategoryKey, type CategoryKey, type Service } from '@kafue/common/contract';

/** The form's fields (spec section 2); the category is empty until one is chosen. */
type Draft = Pick<Service, 'title' | 'description'> & { category: CategoryKey | '' };
const empty: Draft = { title: '', category: '', description: '' };

/** Add a New Service (spec section 2): submitting only logs the values; nothing is sent. */
export default function AddService() {
  const [service, setService] = useState<Draft>(empty);
  const set = (field: 'title' | 'description') => (value: string) => setService((s) => ({ ...s, [field]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    console.info('Add service', service);
  }

  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={1} size="h2" mb="md">
        Add a New Service
      </Title>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Service Title" required value={service.title} onChange={(e) => set('title')(e.currentTarget.value)} />
          <Select
            label="Category"
            required
            placeholder="Select a category"
            data={categoryKeys}
            value={service.category || null}
            onChange={(v) => setService((s) => ({ ...s, category: v && isCategoryKey(v) ? v : '' }))}
          />
          <Textarea label="Description" required rows={4} value={service.description} onChange={(e) => set('description')(e.currentTarget.value)} />
          <Button type="submit" w="fit-content">
            Add Service
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
