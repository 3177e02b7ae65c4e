import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The form-level message of a refused save (409, or a 400 not tied to a field). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
