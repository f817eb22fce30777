/**
 * The staff table of a one-field reference list (segments, charge types): loader, table, add/edit
 * modal ('Name is required!'), the spec's success messages, and a delete that follows the old app:
 * the server's reply text is shown, and the row goes only when that text says 'successfully'.
 */
import { useState, type ReactNode } from 'react';
import { Autocomplete, Modal, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { namedEntitySchema } from '@bazaar/shared';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { SaveForm } from '../../../components/form/save-form';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';
import { errorMessage } from '../../../lib/errors';

export interface NamedRow {
  id: string;
  name: string;
}

export interface NamedEntityPageProps {
  title: string;
  /** "Segment", "Charge Type": used in the add button and modal titles. */
  noun: string;
  testId: string;
  rows: readonly NamedRow[] | undefined;
  loading: boolean;
  error: unknown;
  messages: { added: string; updated: string };
  create: (name: string) => Promise<unknown>;
  update: (id: string, name: string) => Promise<unknown>;
  /** Answers the server's reply text. */
  remove: (id: string) => Promise<string>;
  refetch: () => Promise<unknown>;
  /** Names to offer while typing (free text stays allowed). */
  suggestions?: string[];
  /** A note under the name field. */
  nameHint?: ReactNode;
}

const COLUMNS: DataGridColumn<NamedRow>[] = [
  { field: 'id', headerName: 'Id', numeric: true, width: 100 },
  { field: 'name', headerName: 'Name' },
];

type Editing = { mode: 'add' } | { mode: 'edit'; row: NamedRow } | null;

export function NamedEntityPage(props: NamedEntityPageProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<NamedRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function save(name: string) {
    if (editing?.mode === 'edit') {
      await props.update(editing.row.id, name);
      setMessage({ kind: 'success', text: props.messages.updated });
    } else {
      await props.create(name);
      setMessage({ kind: 'success', text: props.messages.added });
    }
    setEditing(null);
    await props.refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    let text: string;
    try {
      text = await props.remove(toDelete.id);
    } catch (failure) {
      text = errorMessage(failure);
    }
    // spec section 8: the reply text decides whether the row goes
    if (text.includes('successfully')) {
      setRemoved((current) => new Set(current).add(toDelete.id));
      setMessage({ kind: 'success', text });
    } else {
      setMessage({ kind: 'error', text });
    }
    setDeleting(false);
    setToDelete(null);
  }

  return (
    <>
      <DataGrid
        title={props.title}
        testId={props.testId}
        rows={props.rows?.filter((row) => !removed.has(row.id))}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        loading={props.loading}
        error={props.error && !props.rows ? errorMessage(props.error) : null}
        addLabel={`Add ${props.noun}`}
        onAdd={() => setEditing({ mode: 'add' })}
        exportFileName={props.testId}
        message={message}
        onDismissMessage={() => setMessage(null)}
        actions={[
          { label: 'Edit', icon: <IconEdit size={16} />, onClick: (row) => setEditing({ mode: 'edit', row }) },
          { label: 'Delete', icon: <IconTrash size={16} />, color: 'red', onClick: (row) => setToDelete(row) },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? `Edit ${props.noun}` : `Add new ${props.noun}`}
        centered
      >
        {editing && (
          <NameForm
            key={editing.mode === 'edit' ? editing.row.id : 'new'}
            initialName={editing.mode === 'edit' ? editing.row.name : ''}
            suggestions={props.suggestions}
            hint={props.nameHint}
            onSave={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={`Delete ${props.noun.toLowerCase()}`}
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        Delete <b>{toDelete?.name}</b>? Something still in use cannot be deleted.
      </ConfirmDeleteModal>
    </>
  );
}

function NameForm({
  initialName,
  suggestions,
  hint,
  onSave,
}: {
  initialName: string;
  suggestions?: string[];
  hint?: ReactNode;
  onSave: (name: string) => Promise<void>;
}) {
  const form = useZodForm(namedEntitySchema, { name: initialName });
  return (
    <SaveForm
      form={form}
      onSave={(values) => onSave(values.name.trim())}
      canSave={formIsValid(namedEntitySchema, form.values)}
    >
      {suggestions && suggestions.length > 0 ? (
        <Autocomplete label="Name" required data={suggestions} description={hint} {...form.getInputProps('name')} />
      ) : (
        <TextInput label="Name" required description={hint} {...form.getInputProps('name')} />
      )}
    </SaveForm>
  );
}
