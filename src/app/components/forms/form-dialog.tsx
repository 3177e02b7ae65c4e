// The frame of a one-form dialog: title, the form-level refusal above the fields, 取消 / submit at the
// foot; it cannot be closed while saving. The caller owns the fields and the submit (formSubmit-style).
import type { FormEvent, ReactNode } from 'react';
import { Modal, Stack, type ModalProps } from '@mantine/core';
import { FormAlert } from './form-alert.tsx';
import { ModalActions } from './modal-actions.tsx';

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  onSubmit: (e: FormEvent) => unknown;
  saving: boolean;
  /** The form's own message (a 409, or a 400 about no field of it). */
  formError: string | null;
  submitLabel?: string;
  size?: ModalProps['size'];
  children: ReactNode;
}

export function FormDialog({ title, onClose, onSubmit, saving, formError, submitLabel, size, children }: FormDialogProps) {
  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={title} centered size={size}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={formError} />
          {children}
          <ModalActions onCancel={onClose} saving={saving} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Modal>
  );
}
