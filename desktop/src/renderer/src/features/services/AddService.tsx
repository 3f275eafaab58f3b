import { useState, type FormEvent } from 'react';
import { Button, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { serviceCategories, type AdminService } from './sampleServices';

const empty: AdminService = { title: '', category: '', description: '' };

/** Add a New Service (spec section 2): submitting only logs the values; nothing is sent. */
export default function AddService() {
  const [service, setService] = useState<AdminService>(empty);
  const set = (field: keyof AdminService) => (value: string) => setService((s) => ({ ...s, [field]: value }));

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
            data={serviceCategories}
            value={service.category || null}
            onChange={(v) => set('category')(v ?? '')}
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
