import { Button, Text } from '@mantine/core';

/** A settings form's Save Changes button, for who may change it; for the others, who can. */
export function SaveChanges({ canChange, saving, disabled }: { canChange: boolean; saving: boolean; disabled: boolean }) {
  return canChange ? (
    <Button type="submit" loading={saving} disabled={disabled} w="fit-content">
      Save Changes
    </Button>
  ) : (
    <Text size="sm">Only a Super Admin can change these.</Text>
  );
}
