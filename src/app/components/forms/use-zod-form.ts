// A small form state for the admin dialogs (there is no form library in the project): values,
// messages from a zod schema in the user's language (form-messages.ts), and the server's refusals
// mapped onto the fields.
import { useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import type { ApiError } from '../../lib/api.ts';
import { useOptionalT } from '../../lib/i18n.ts';
import { translateMessage } from './form-messages.ts';

type Values = Record<string, unknown>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

export interface ZodForm<S extends z.ZodObject> {
  values: z.input<S>;
  errors: Errors<z.input<S>>;
  /** A message for the whole form (a 409, or a 400 about a field the form does not have). */
  formError: string | null;
  setValue: <K extends keyof z.input<S> & string>(key: K, value: z.input<S>[K]) => void;
  /**
   * Checks every field; the parsed values, or null with the messages shown. Given the form element,
   * it moves the focus to the first field in error (on a phone it may be scrolled out of sight).
   */
  validate: (formElement?: HTMLFormElement | null) => z.output<S> | null;
  /** Props for a TextInput / PasswordInput / Textarea bound to a string field. */
  text: (key: keyof z.input<S> & string) => { value: string; onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void; error: string | undefined };
  /** Shows a refusal from the server: 400 messages next to their fields, anything else on the form. */
  showRefusal: (err: ApiError, formElement?: HTMLFormElement | null) => void;
}

/** The form field a server member name ("emailAddress", "roleNames[0]", "input") refers to. */
function fieldOf(member: string, keys: readonly string[]): string | undefined {
  const head = member.split(/[.[]/)[0]!.toLowerCase();
  return keys.find((k) => k.toLowerCase() === head);
}

/** After the messages have rendered: focus the first invalid field, or the form's alert. */
function focusFirstError(formElement: HTMLFormElement | null | undefined) {
  if (!formElement) return;
  setTimeout(() => {
    const target = formElement.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.matches('input, textarea, select')) target.focus();
    target.scrollIntoView?.({ block: 'center' });
  }, 0);
}

export function useZodForm<S extends z.ZodObject>(schema: S, initial: z.input<S>): ZodForm<S> {
  type V = z.input<S>;
  const t = useOptionalT();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setValue = <K extends keyof V & string>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!e[key]) return e;
      const next = { ...e };
      delete next[key];
      return next;
    });
  };

  const validate = (formElement?: HTMLFormElement | null): z.output<S> | null => {
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Errors<V> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as keyof V & string;
      if (key && !next[key]) next[key] = translateMessage(t, issue.message);
    }
    setErrors(next);
    focusFirstError(formElement);
    return null;
  };

  const text: ZodForm<S>['text'] = (key) => ({
    value: String((values as Values)[key] ?? ''),
    onChange: (e) => setValue(key, e.currentTarget.value as V[typeof key]),
    error: errors[key],
  });

  const showRefusal = (err: ApiError, formElement?: HTMLFormElement | null) => {
    const keys = Object.keys(values as Values);
    const fieldErrors: Errors<V> = {};
    const other: string[] = [];
    for (const v of err.status === 400 ? (err.validationErrors ?? []) : []) {
      const key = v.members.map((m) => fieldOf(m, keys)).find(Boolean) as (keyof V & string) | undefined;
      if (key) fieldErrors[key] ??= v.message;
      else other.push(v.message);
    }
    setErrors(fieldErrors);
    const hasFieldErrors = Object.keys(fieldErrors).length > 0;
    setFormError(other.length ? other.join('；') : hasFieldErrors ? null : err.message);
    focusFirstError(formElement);
  };

  return { values, errors, formError, setValue, validate, text, showRefusal };
}
