import { useMemo, useState } from 'react';
import { Box, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { renderMarkdown } from '@kafue/common/markdown';

export interface MarkdownFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A Markdown text with its live preview, rendered by the same function as the site's pages (safe
 * HTML: no raw HTML, safe links only): side by side on a wide screen, Write and Preview on a phone.
 */
export default function MarkdownField({ label, description, required, error, value, onChange }: MarkdownFieldProps) {
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [view, setView] = useState<string | null>('write');
  const html = useMemo(() => renderMarkdown(value), [value]);
  const editor = (
    <Textarea
      label={label}
      description={description}
      required={required}
      error={error}
      autosize
      minRows={12}
      maxRows={30}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
  const preview = (
    <Box role="region" aria-label={`${label}: preview`} p="sm" bd="1px solid var(--mantine-color-default-border)" bdrs="sm" mih={120}>
      {value.trim() ? (
        // Safe: renderMarkdown passes no raw HTML and only http(s), mailto and site links.
        <div dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <Text c="dimmed" size="sm">
          Nothing to preview yet.
        </Text>
      )}
    </Box>
  );
  if (wide) {
    return (
      <SimpleGrid cols={2} spacing="md">
        {editor}
        <Stack gap={4}>
          <Input.Label component="span">Preview</Input.Label>
          {preview}
        </Stack>
      </SimpleGrid>
    );
  }
  return (
    <Tabs value={view} onChange={setView} keepMounted={false}>
      <Tabs.List aria-label={label}>
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        {editor}
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        {preview}
      </Tabs.Panel>
    </Tabs>
  );
}
