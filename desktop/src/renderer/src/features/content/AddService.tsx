import type { FormEvent } from 'react';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { ContentFields } from './components/ContentFields';
import { StatusSwitch } from './components/StatusSwitch';
import { useContentForm } from './components/useContentForm';
import { serverFieldErrors, useSaveItem } from './api/useContent';
import { serviceSpec } from './specs';

/** Add a New Service (spec section 2): the spec's fields and the rest of a service; a draft unless "Publish now". */
export default function AddService() {
  const form = useContentForm(serviceSpec, serviceSpec.blank);
  const save = useSaveItem(serviceSpec.collection, () => form.reset(serviceSpec.blank));

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = form.check();
    if (body) save.mutate({ editing: null, body }, { onError: (error) => form.showErrors(serverFieldErrors(error)) });
  }

  return (
    <Paper withBorder p="lg" maw={720}>
      <Title order={1} size="h2" mb="md">
        Add a New Service
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ContentFields fields={serviceSpec.fields} values={form.values} errors={form.errors} onChange={form.setField} />
          <StatusSwitch label="Publish now" values={form.values} onChange={form.setField} />
          <Button type="submit" w="fit-content" loading={save.isPending}>
            Add Service
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
