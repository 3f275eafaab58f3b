import { lazy, Suspense } from 'react';
import { Button, Fieldset, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { contentIconNames, iconPaths, type IconName } from '@kafue/common/icons';
import { textOf as text, type FieldSpec, type FormValues } from '../fields';
import { MediaPicker } from '../../../components/MediaPicker';

/** Its own chunk: the Markdown renderer loads with the article editor only. */
const MarkdownField = lazy(() => import('./MarkdownField'));

export interface ContentFieldsProps {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
}

type Row = Record<string, unknown>;

/** Draws a collection's fields (fields.ts) with their values and errors. */
export function ContentFields({ fields, values, errors, onChange }: ContentFieldsProps) {
  return (
    <>
      {fields.map((f) => {
        const common = { label: f.label, required: f.required, description: f.description, error: errors[f.key] };
        const value = values[f.key];
        switch (f.kind) {
          case 'text':
            return <TextInput key={f.key} {...common} value={text(value)} onChange={(e) => onChange(f.key, e.currentTarget.value)} />;
          case 'media':
            return (
              <MediaPicker key={f.key} {...common} kind={f.media} value={text(value) || undefined} onChange={(v) => onChange(f.key, v)} />
            );
          case 'date':
            return (
              <TextInput key={f.key} {...common} type="date" value={text(value)} onChange={(e) => onChange(f.key, e.currentTarget.value)} />
            );
          case 'slug':
            // Never typed: it follows its source field (fields.ts, withField); read-only, still read out.
            return <TextInput key={f.key} {...common} required={false} readOnly value={text(value)} variant="filled" />;
          case 'icon':
            return <IconPicker key={f.key} field={f} value={text(value)} error={errors[f.key]} onChange={(v) => onChange(f.key, v)} />;
          case 'textarea':
            return (
              <Textarea
                key={f.key}
                {...common}
                rows={f.rows ?? 4}
                value={text(value)}
                onChange={(e) => onChange(f.key, e.currentTarget.value)}
              />
            );
          case 'markdown':
            return (
              <Suspense key={f.key} fallback={<Textarea {...common} autosize minRows={8} value={text(value)} readOnly />}>
                <MarkdownField {...common} value={text(value)} onChange={(v) => onChange(f.key, v)} />
              </Suspense>
            );
          case 'select':
            return (
              <Select
                key={f.key}
                {...common}
                placeholder="Select..."
                data={f.data}
                allowDeselect={false}
                value={text(value) || null}
                onChange={(v) => onChange(f.key, v ?? '')}
              />
            );
          case 'number':
            return (
              <NumberInput
                key={f.key}
                {...common}
                min={f.min}
                max={f.max}
                allowDecimal={false}
                value={typeof value === 'number' ? value : ''}
                onChange={(v) => onChange(f.key, typeof v === 'number' ? v : undefined)}
              />
            );
          case 'switch':
            return (
              <Switch
                key={f.key}
                label={f.label}
                description={f.description}
                error={errors[f.key]}
                checked={value === true}
                onChange={(e) => onChange(f.key, e.currentTarget.checked)}
              />
            );
          case 'lines':
            return (
              <Textarea
                key={f.key}
                {...common}
                description={f.description ?? `One a line, at most ${f.maxItems}.`}
                rows={f.rows ?? Math.min(f.maxItems, 6)}
                value={Array.isArray(value) ? value.join('\n') : ''}
                onChange={(e) => onChange(f.key, e.currentTarget.value.split('\n'))}
              />
            );
          case 'rows':
            return (
              <RowsField
                key={f.key}
                field={f}
                rows={Array.isArray(value) ? (value as Row[]) : []}
                error={errors[f.key]}
                onChange={(rows) => onChange(f.key, rows)}
              />
            );
        }
      })}
    </>
  );
}

function RowsField({
  field,
  rows,
  error,
  onChange,
}: {
  field: Extract<FieldSpec, { kind: 'rows' }>;
  rows: Row[];
  error?: string;
  onChange: (rows: Row[]) => void;
}) {
  const set = (i: number, key: string, v: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const blankRow = Object.fromEntries(field.columns.map((c) => [c.key, '']));
  return (
    <Fieldset legend={field.label}>
      <Stack gap="sm">
        {field.description && (
          <Text size="sm" c="dimmed">
            {field.description}
          </Text>
        )}
        {rows.map((row, i) => (
          <Group key={i} align="flex-end" wrap="wrap" gap="xs">
            {field.columns.map((c) => (
              <TextInput
                key={c.key}
                label={`${field.rowLabel} ${i + 1} ${c.label}`}
                value={text(row[c.key])}
                onChange={(e) => set(i, c.key, e.currentTarget.value)}
                style={{ flex: 1, minWidth: 140 }}
              />
            ))}
            <Button variant="subtle" color="red" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
              Remove {field.rowLabel.toLowerCase()} {i + 1}
            </Button>
          </Group>
        ))}
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
        <Button variant="light" w="fit-content" onClick={() => onChange([...rows, blankRow])}>
          Add {field.rowLabel.toLowerCase()}
        </Button>
      </Stack>
    </Fieldset>
  );
}

/** The site's icons drawn with their names, one to choose (radio buttons: arrow keys move the choice). */
function IconPicker({
  field,
  value,
  error,
  onChange,
}: {
  field: Extract<FieldSpec, { kind: 'icon' }>;
  value: string;
  error?: string;
  onChange: (name: string) => void;
}) {
  return (
    <Radio.Group
      label={field.label}
      description={field.description}
      required={field.required}
      error={error}
      value={value}
      onChange={onChange}
    >
      <SimpleGrid cols={{ base: 3, xs: 4, sm: 6 }} spacing="xs" mt="xs">
        {contentIconNames.map((name) => (
          <Radio
            key={name}
            value={name}
            label={
              <Stack gap={2} align="center">
                <IconImage name={name} />
                <Text size="xs">{name}</Text>
              </Stack>
            }
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

function IconImage({ name }: { name: IconName }) {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={iconPaths[name]} />
    </svg>
  );
}
