/**
 * Mantine forms validated by the shared zod schemas (the same rules the API applies), with the old app's behaviour:
 * messages appear once a field is touched, submit stays disabled while invalid.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';

export function useZodForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
): UseFormReturnType<Values> {
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: zod4Resolver(schema as never),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });
}

/** True when the whole form passes its schema (used to disable submit buttons). */
export function formIsValid(schema: z.ZodType, values: unknown): boolean {
  return schema.safeParse(values).success;
}
