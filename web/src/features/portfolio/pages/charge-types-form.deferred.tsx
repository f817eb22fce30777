/**
 * The add/edit form of a charge type: its name ('Name is required!') and whether it is the securities transaction
 * tax, which the tax report counts neither in the cost nor in the transfer expenses (docs/product/tax.md#rules).
 * Loaded after the table (docs/decisions.md#dialogs-on-demand).
 */
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { namedEntitySchema } from '@bazaar/shared';
import type { CrudFormSpec } from '../../../components/crud';
import type { ChargeTypeFieldsFragment } from '../../../__generated__/graphql';

export type ChargeTypeRow = ChargeTypeFieldsFragment;
export interface ChargeTypeValues extends Record<string, unknown> {
  name: string;
  stt: boolean;
}
/** The form's input: the name's `input` and the `stt` argument beside it (the page's toVariables splits them). */
export interface ChargeTypeInput {
  name: string;
  stt: boolean;
}

const chargeTypeForm: CrudFormSpec<ChargeTypeRow, ChargeTypeValues, unknown, ChargeTypeInput> = {
  schema: namedEntitySchema,
  initialValues: (row) => ({ name: row?.name ?? '', stt: row?.stt ?? false }),
  fields: (form) => (
    <Stack gap="sm">
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <Checkbox
        label="Securities transaction tax (STT)"
        description="Tax P&L leaves it out of the cost of acquisition and the transfer expenses."
        data-testid="charge-type-stt"
        {...form.getInputProps('stt', { type: 'checkbox' })}
      />
    </Stack>
  ),
  toInput: (values) => ({ name: values.name.trim(), stt: values.stt }),
};
export default chargeTypeForm;
