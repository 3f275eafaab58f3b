import { Button, Text } from '@mantine/core';

/**
 * A settings form's Save Changes button, for who may change it; for the others, who can. In a
 * LoadedForm, it is disabled with the form's fields while the saved values load.
 */
export function SaveChanges({ canChange, saving }: { canChange: boolean; saving: boolean }) {
  return canChange ? (
    <Button type="submit" loading={saving} w="fit-content">
      Save Changes
    </Button>
  ) : (
    <Text size="sm">Only a Super Admin can change these.</Text>
  );
}
