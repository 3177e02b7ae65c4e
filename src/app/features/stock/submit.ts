// The submit of the stock dialogs: check the form, call, show a refusal on it or close.
import type { FormEvent } from 'react';
import type { z } from 'zod';
import type { Outcome } from '../../components/forms/refusal.ts';
import type { ZodForm } from '../../components/forms/use-zod-form.ts';

export function formSubmit<S extends z.ZodObject>(form: ZodForm<S>, mutate: (v: z.output<S>) => Promise<Outcome<unknown>>, onDone: () => void) {
  return async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await mutate(v);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    onDone();
  };
}
