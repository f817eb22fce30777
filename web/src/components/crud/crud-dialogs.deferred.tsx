/**
 * The dialogs of a table page that adds, edits and deletes rows: the add/edit modal with its form (Mantine's form and
 * modal, the page's zod schema) and the delete confirmation. The table is shown without them: this module loads when
 * the browser is idle after the page is drawn, or at once when the user asks for a dialog
 * (docs/decisions.md#dialogs-on-demand).
 */
import { Modal, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ConfirmDeleteModal } from '../form/confirm-delete-modal';
import { SaveForm } from '../form/save-form';
import { formIsValid, useZodForm } from '../form/use-zod-form';
import type { CrudDialogsProps, CrudField, CrudFormSpec } from './crud-form';

export default function CrudDialogs<Row extends { id: string }, Values extends Record<string, unknown>, Input, Data>(
  props: CrudDialogsProps<Row, Values, Input, Data>,
) {
  const { spec, editing } = props;
  const toInput = spec.toInput ?? props.toInput ?? ((values: Values) => inputOf(spec, values) as Input);
  return (
    <>
      <Modal
        opened={editing !== null}
        onClose={props.onCloseForm}
        title={editing?.row ? `Edit ${props.noun}` : `Add new ${props.noun}`}
        centered
        size={props.modalSize}
      >
        {editing && (
          // a fresh form for every row opened
          <CrudForm
            key={editing.row?.id ?? 'new'}
            spec={spec}
            row={editing.row}
            data={props.data}
            onSave={(values) => props.onSave(toInput(values))}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={props.deleteQuestion !== null}
        title={props.deleteTitle}
        deleting={props.deleting}
        onCancel={props.onCancelDelete}
        onConfirm={props.onConfirmDelete}
      >
        {props.deleteQuestion}
      </ConfirmDeleteModal>
    </>
  );
}

function CrudForm<Row, Values extends Record<string, unknown>, Data, Input>({
  spec,
  row,
  data,
  onSave,
}: {
  spec: CrudFormSpec<Row, Values, Data, Input>;
  row: Row | null;
  data: Data | undefined;
  onSave: (values: Values) => Promise<void>;
}) {
  const schema = (row && spec.editSchema) || spec.schema;
  const form = useZodForm<Values>(schema, spec.initialValues ? spec.initialValues(row) : valuesOf(spec, row));
  return (
    <SaveForm
      form={form}
      onSave={onSave}
      canSave={formIsValid(schema, form.values)}
      saveLabel={row ? undefined : spec.addSaveLabel}
    >
      {typeof spec.fields === 'function' ? (
        spec.fields(form, row, data)
      ) : (
        <DataFields fields={spec.fields} form={form} twoColumns={spec.twoColumns} />
      )}
    </SaveForm>
  );
}

function DataFields<Row, Values>({
  fields,
  form,
  twoColumns,
}: {
  fields: CrudField<Row>[];
  form: UseFormReturnType<Values>;
  twoColumns?: boolean;
}) {
  const inputs = fields.map((field) => {
    const shown = { label: field.label, required: field.required, description: field.description };
    return field.multiline ? (
      <Textarea key={field.name} {...shown} autosize minRows={2} {...form.getInputProps(field.name)} />
    ) : (
      <TextInput
        key={field.name}
        {...shown}
        type={field.type}
        inputMode={field.inputMode}
        maxLength={field.maxLength}
        placeholder={field.placeholder}
        {...form.getInputProps(field.name)}
      />
    );
  });
  return twoColumns ? <SimpleGrid cols={{ base: 1, sm: 2 }}>{inputs}</SimpleGrid> : <>{inputs}</>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form's first values from fields given as data: the row's values as text, or a new row's. */
function valuesOf<Row, Values, Data, Input>(spec: CrudFormSpec<Row, Values, Data, Input>, row: Row | null): Values {
  const fields = typeof spec.fields === 'function' ? [] : spec.fields;
  const values = fields.map((field) => [
    field.name,
    row ? text((row as Record<string, unknown>)[field.name]) : (field.initial?.() ?? ''),
  ]);
  return Object.fromEntries(values) as Values;
}

/** The mutation input from fields given as data: trimmed texts, an optional one left empty as null. */
function inputOf<Row, Values, Data, Input>(
  spec: CrudFormSpec<Row, Values, Data, Input>,
  values: Values,
): Record<string, string | null> {
  const fields = typeof spec.fields === 'function' ? [] : spec.fields;
  return Object.fromEntries(
    fields.map((field) => {
      const value = text((values as Record<string, unknown>)[field.name]).trim();
      return [field.name, value === '' && !field.required ? null : value];
    }),
  );
}
