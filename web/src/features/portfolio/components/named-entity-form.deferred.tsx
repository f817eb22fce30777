/**
 * The add/edit form of a one-field reference list (segments, charge types: 'Name is required!'): the name, offered
 * from the page's suggestions while typing when it has any. Loaded after the table
 * (docs/decisions.md#dialogs-on-demand).
 */
import type { ReactNode } from 'react';
import { Autocomplete, TextInput } from '@mantine/core';
import { namedEntitySchema } from '@bazaar/shared';
import type { CrudFormSpec } from '../../../components/crud';

export interface NamedEntityFormData {
  /** The names to offer while typing (free text stays allowed), undefined while unknown. */
  suggestions: string[] | undefined;
  /** A note under the name field. */
  nameHint?: ReactNode;
}

const namedEntityForm: CrudFormSpec<
  { id: string; name: string },
  { name: string },
  NamedEntityFormData,
  { name: string }
> = {
  schema: namedEntitySchema,
  initialValues: (row) => ({ name: row?.name ?? '' }),
  fields: (form, _row, data) =>
    data?.suggestions && data.suggestions.length > 0 ? (
      <Autocomplete
        label="Name"
        required
        data={data.suggestions}
        description={data.nameHint}
        {...form.getInputProps('name')}
      />
    ) : (
      <TextInput label="Name" required description={data?.nameHint} {...form.getInputProps('name')} />
    ),
  toInput: (values) => ({ name: values.name.trim() }),
};
export default namedEntityForm;
