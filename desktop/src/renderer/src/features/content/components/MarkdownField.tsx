import { useMemo, useRef, useState } from 'react';
import { Box, Button, Group, Input, SimpleGrid, Stack, Tabs, Text, Textarea } from '@mantine/core';
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

/** How each toolbar button marks the selected text (or a placeholder, selected after). */
const formats: { label: string; apply: (selected: string) => string; placeholder: string }[] = [
  { label: 'Heading', placeholder: 'Heading', apply: (t) => `\n## ${t}\n` },
  { label: 'Bold', placeholder: 'bold words', apply: (t) => `**${t}**` },
  {
    label: 'List',
    placeholder: 'First point',
    apply: (t) =>
      `\n${t
        .split('\n')
        .map((line) => `- ${line}`)
        .join('\n')}\n`,
  },
  { label: 'Link', placeholder: 'the linked words', apply: (t) => `[${t}](https://)` },
];

/**
 * A Markdown text with its live preview and a toolbar that writes the marks (so that the owner
 * never types them), rendered by the same function as the site's pages (safe
 * HTML: no raw HTML, safe links only): side by side on a wide screen, Write and Preview on a phone.
 */
export default function MarkdownField({ label, description, required, error, value, onChange }: MarkdownFieldProps) {
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [view, setView] = useState<string | null>('write');
  const html = useMemo(() => renderMarkdown(value), [value]);
  const box = useRef<HTMLTextAreaElement>(null);
  function format(f: (typeof formats)[number]) {
    const area = box.current;
    if (!area) return;
    const { selectionStart: start, selectionEnd: end } = area;
    const selected = value.slice(start, end) || f.placeholder;
    const marked = f.apply(selected);
    onChange(value.slice(0, start) + marked + value.slice(end));
    // The words stay selected inside their marks, to type over or format again.
    const at = start + marked.indexOf(selected);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(at, at + selected.length);
    });
  }
  const toolbar = (
    <Group gap={4} role="toolbar" aria-label={`${label}: formatting`}>
      {formats.map((f) => (
        <Button key={f.label} size="compact-sm" variant="default" onClick={() => format(f)}>
          {f.label}
        </Button>
      ))}
    </Group>
  );
  const editor = (
    <Textarea
      ref={box}
      // Between the label (and its help) and the box.
      inputContainer={(input) => (
        <Stack gap={4} mt={4}>
          {toolbar}
          {input}
        </Stack>
      )}
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
