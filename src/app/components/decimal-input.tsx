// A number field for the floor (weights, dimensions): a text box that brings up the phone's decimal
// keypad and keeps what was typed; lib/decimal.ts reads it when the form is sent. Lighter than
// Mantine's NumberInput (no formatter), which matters on screens that must load fast on a phone.
import { TextInput, type TextInputProps } from '@mantine/core';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

export function DecimalInput({ value, onChange, ...rest }: DecimalInputProps) {
  return <TextInput inputMode="decimal" autoComplete="off" maxLength={12} value={value} onChange={(e) => onChange(e.currentTarget.value)} {...rest} />;
}
