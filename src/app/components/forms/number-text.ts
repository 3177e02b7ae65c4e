// Numbers typed as text in a form (so "0.50" stays what the user typed until it is checked), read by
// zod with a Chinese message naming the field: points, kilograms, centimetres, whole numbers.
import { z } from 'zod';

const decimalText = (places: number) => new RegExp(`^\\d+(\\.\\d{1,${places}})?$`);

/** Points (积分) typed as text: a number with at most 2 decimals; > 0 when `positive`. */
export const pointsText = (label: string, opts: { positive?: boolean } = {}) =>
  z.string().trim().min(1, `请输入${label}`).regex(decimalText(2), `${label}须为数字，最多两位小数`)
    .refine((v) => !opts.positive || Number(v) > 0, `${label}须大于 0`).transform(Number);

/** Kilograms typed as text: > 0, at most 3 decimals. */
export const kgText = (label: string) =>
  z.string().trim().min(1, `请输入${label}`).regex(decimalText(3), `${label}须为数字，最多三位小数`).refine((v) => Number(v) > 0, `${label}须大于 0`).transform(Number);

/** Centimetres typed as text, optional: > 0, at most 1 decimal. */
export const cmText = (label: string) =>
  z.string().trim().refine((v) => v === '' || (decimalText(1).test(v) && Number(v) > 0), `${label}须为大于 0 的数字，最多一位小数`)
    .transform((v) => (v === '' ? null : Number(v)));

/** A positive whole number typed as text. */
export const intText = (label: string, min = 1) =>
  z.string().trim().min(1, `请输入${label}`).regex(/^\d+$/, `${label}须为整数`).refine((v) => Number(v) >= min, `${label}至少为 ${min}`).transform(Number);

/** Points typed as text, optional: empty is null, else a number with at most 2 decimals. */
export const optionalPointsText = (label: string) =>
  z.string().trim().refine((v) => v === '' || decimalText(2).test(v), `${label}须为数字，最多两位小数`)
    .transform((v) => (v === '' ? null : Number(v)));

/** Kilograms typed as text, optional: empty is null, else > 0 with at most 3 decimals. */
export const optionalKgText = (label: string) =>
  z.string().trim().refine((v) => v === '' || (decimalText(3).test(v) && Number(v) > 0), `${label}须为大于 0 的数字，最多三位小数`)
    .transform((v) => (v === '' ? null : Number(v)));
