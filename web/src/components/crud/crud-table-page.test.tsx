/**
 * CrudTablePage in jsdom with the real Mantine modals and mocked GraphQL (the role documents serve
 * as any page's): add and edit through the form with the success line and a refetch, a refused
 * save shown above the fields with the modal open, a delete after confirmation, and a refused
 * delete shown above the table. The grid is a plain list here (AG Grid is tested in the browser).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { financialInstrumentSchema, roleSchema } from '@bazaar/shared';
import {
  CreateFinancialInstrumentDocument,
  CreateRoleDocument,
  DeleteFinancialInstrumentDocument,
  DeleteRoleDocument,
  RolesPageDocument,
  UpdateFinancialInstrumentDocument,
  UpdateRoleDocument,
} from '../../__generated__/graphql';
import { renderPage } from '../../test/render-page';
import type { CrudFormSpec } from './crud-form';
import { CrudTablePage, crudTablePage, type CrudTablePageProps } from './crud-table-page';

vi.mock('../data-grid', async () => ({ DataGrid: (await import('../../test/plain-data-grid')).PlainDataGrid }));

afterEach(cleanup);

interface Role {
  id: string;
  name: string;
}

type RolesPageProps = CrudTablePageProps<Role, { name: string }, { name: string }>;

/** The Roles table of one row (7, ROLE_AUDITOR) with the role documents and messages; the test gives the rest. */
function renderRolesTable(
  mocks: MockLink.MockedResponse[],
  props: Pick<RolesPageProps, 'query' | 'form' | 'deleteWhat'> & Partial<RolesPageProps>,
) {
  renderPage(
    <CrudTablePage
      title="Roles"
      noun="Role"
      columns={[{ field: 'name' }]}
      rows={[{ id: '7', name: 'ROLE_AUDITOR' }]}
      mutations={{ create: CreateRoleDocument, update: UpdateRoleDocument, remove: DeleteRoleDocument }}
      messages={{ added: 'Role added!', updated: 'Role edited!' }}
      {...props}
    />,
    { path: '/roles', mocks },
  );
}

/** The Roles table with its form in the page, refetching with `refetch`. */
function renderRoles(mocks: MockLink.MockedResponse[], refetch = vi.fn(async () => undefined)) {
  renderRolesTable(mocks, {
    testId: 'roles-grid',
    query: { loading: false, refetch },
    form: {
      schema: roleSchema,
      initialValues: (role) => ({ name: role?.name ?? '' }),
      fields: (form) => <TextInput label="Name" {...form.getInputProps('name')} />,
    },
    toInput: (values) => ({ name: values.name.trim() }),
    deleteWhat: (role) => `the role ${role.name}`,
    deleteNote: 'Users still hold it.',
  });
  return refetch;
}

describe('CrudTablePage', () => {
  it('adds a row through the form, shows the success line and refetches', async () => {
    const refetch = renderRoles([
      {
        request: { query: CreateRoleDocument, variables: { input: { name: 'ROLE_NEW' } } },
        result: { data: { createRole: { __typename: 'Role', id: '8', name: 'ROLE_NEW' } } },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new Role' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' ROLE_NEW ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Role added!');
    expect(refetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a row: the form starts from the row, and a refusal stays in the open modal', async () => {
    const refetch = renderRoles([
      {
        request: { query: UpdateRoleDocument, variables: { id: '7', input: { name: 'ROLE_AUDIT' } } },
        result: { errors: [new GraphQLError('A role named ROLE_AUDIT exists')] },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveProperty('value', 'ROLE_AUDITOR');
    fireEvent.change(name, { target: { value: 'ROLE_AUDIT' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'A role named ROLE_AUDIT exists');
    // the same modal, still open, with what the user typed
    expect(screen.getByRole('dialog', { name: 'Edit Role' })).toBe(dialog);
    expect(name).toHaveProperty('value', 'ROLE_AUDIT');
    expect(refetch).not.toHaveBeenCalled();
  });

  it("deletes after confirmation with the server's reply as the success line", async () => {
    const refetch = renderRoles([
      {
        request: { query: DeleteRoleDocument, variables: { id: '7' } },
        result: {
          data: { deleteRole: { __typename: 'DeleteResult', id: '7', message: 'Role deleted successfully!' } },
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(confirm.textContent).toContain('Delete the role ROLE_AUDITOR? Users still hold it.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Role deleted successfully!');
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("shows a refused delete's message above the table", async () => {
    const refetch = renderRoles([
      {
        request: { query: DeleteRoleDocument, variables: { id: '7' } },
        result: { errors: [new GraphQLError('Role ROLE_AUDITOR is held by 2 users')] },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete 7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete role' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const alert = await within(screen.getByTestId('roles-grid')).findByRole('alert');
    expect(alert.textContent).toBe('Role ROLE_AUDITOR is held by 2 users');
    expect(refetch).not.toHaveBeenCalled();
  });

  describe('with the fields given as data', () => {
    interface Instrument {
      id: string;
      type: string;
      description: string | null;
    }

    function renderInstruments(mocks: MockLink.MockedResponse[]) {
      const rows: Instrument[] = [{ id: '3', type: 'Equity', description: null }];
      renderPage(
        <CrudTablePage
          title="Financial Instruments"
          noun="Financial Instrument"
          columns={[{ field: 'type' }]}
          rows={rows}
          query={{ loading: false, refetch: async () => undefined }}
          form={{
            schema: financialInstrumentSchema,
            fields: [
              { name: 'type', label: 'Type', required: true },
              { name: 'description', label: 'Description', initial: () => 'Listed shares' },
            ],
          }}
          mutations={{
            create: CreateFinancialInstrumentDocument,
            update: UpdateFinancialInstrumentDocument,
            remove: DeleteFinancialInstrumentDocument,
          }}
          messages={{ added: 'Added!', updated: 'Updated!', deleted: 'Deleted!' }}
          deleteWhat={(instrument) => instrument.type}
        />,
        { path: '/financial', mocks },
      );
    }

    it("draws the inputs, starts a new row from each field's first value and sends the trimmed texts", async () => {
      renderInstruments([
        {
          request: {
            query: CreateFinancialInstrumentDocument,
            variables: { input: { type: 'Bond', description: 'Listed shares' } },
          },
          result: {
            data: {
              createFinancialInstrument: {
                __typename: 'FinancialInstrument',
                id: '4',
                type: 'Bond',
                description: 'Listed shares',
              },
            },
          },
        },
      ]);
      // the test id is the title in kebab case, and so is the CSV file's name
      expect(screen.getByTestId('financial-instruments').dataset.exportFileName).toBe('financial-instruments');
      fireEvent.click(screen.getByRole('button', { name: 'Add Financial Instrument' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add new Financial Instrument' });
      expect(within(dialog).getByLabelText('Description')).toHaveProperty('value', 'Listed shares');
      fireEvent.change(within(dialog).getByLabelText(/Type/), { target: { value: '  Bond ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Added!');
    });

    it("starts an edit from the row's values as text and sends an optional field left empty as null", async () => {
      renderInstruments([
        {
          request: {
            query: UpdateFinancialInstrumentDocument,
            variables: { id: '3', input: { type: 'Equities', description: null } },
          },
          result: {
            data: {
              updateFinancialInstrument: {
                __typename: 'FinancialInstrument',
                id: '3',
                type: 'Equities',
                description: null,
              },
            },
          },
        },
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Edit 3' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Financial Instrument' });
      expect(within(dialog).getByLabelText('Description')).toHaveProperty('value', '');
      const type = within(dialog).getByLabelText(/Type/);
      expect(type).toHaveProperty('value', 'Equity');
      fireEvent.change(type, { target: { value: 'Equities' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Updated!');
    });
  });

  describe('with the form as a module loaded on demand', () => {
    const spec: CrudFormSpec<Role, { name: string }, unknown, { name: string }> = {
      schema: roleSchema,
      fields: [{ name: 'name', label: 'Name', required: true }],
      toInput: (values) => ({ name: `${values.name.trim()}_1` }),
    };

    function renderWithLoader(loader: () => Promise<{ default: typeof spec }>, mocks: MockLink.MockedResponse[] = []) {
      renderRolesTable(mocks, {
        query: { loading: false, refetch: async () => undefined },
        form: loader,
        deleteWhat: (role) => role.name,
      });
    }

    it("opens on the first click while the form's module loads, the add button waiting, and saves with its input", async () => {
      let resolve: (module: { default: typeof spec }) => void = () => undefined;
      const loader = vi.fn(() => new Promise<{ default: typeof spec }>((done) => (resolve = done)));
      renderWithLoader(loader, [
        {
          request: { query: CreateRoleDocument, variables: { input: { name: 'ROLE_NEW_1' } } },
          result: { data: { createRole: { __typename: 'Role', id: '8', name: 'ROLE_NEW_1' } } },
        },
      ]);
      const add = screen.getByRole('button', { name: 'Add Role' });
      fireEvent.click(add);
      await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
      expect(add.dataset.loading).toBe('true');
      expect(screen.queryByRole('dialog')).toBeNull();
      resolve({ default: spec });
      const dialog = await screen.findByRole('dialog', { name: 'Add new Role' });
      expect(add.dataset.loading).toBeUndefined();
      fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: ' ROLE_NEW ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      // the input made by the module's toInput
      expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Role added!');
      expect(loader).toHaveBeenCalledTimes(1);
    });

    it('says so above the table when the module cannot be loaded, and asks again on the next click', async () => {
      const loader = vi
        .fn<() => Promise<{ default: typeof spec }>>()
        .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
        .mockResolvedValue({ default: spec });
      renderWithLoader(loader);
      fireEvent.click(screen.getByRole('button', { name: 'Edit 7' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The form could not be loaded. Please try again.');
      expect(screen.queryByRole('dialog')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Edit 7' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
      expect(within(dialog).getByLabelText(/Name/)).toHaveProperty('value', 'ROLE_AUDITOR');
    });
  });

  describe('a page that is only the table (crudTablePage)', () => {
    it("asks its page query, shows the rows of the answer's field, and opens a clicked row", async () => {
      const openRow = vi.fn();
      const RolesTable = crudTablePage(RolesPageDocument, 'roles', {
        title: 'Roles',
        noun: 'Role',
        testId: 'roles-grid',
        columns: [{ field: 'name' }],
        form: { schema: roleSchema, fields: [{ name: 'name', label: 'Name', required: true }] },
        mutations: { create: CreateRoleDocument, update: UpdateRoleDocument, remove: DeleteRoleDocument },
        messages: { added: 'Role added!', updated: 'Role edited!', deleted: 'Role gone!' },
        deleteWhat: (role) => role.name,
        openRow,
      });
      renderPage(<RolesTable />, {
        path: '/roles',
        mocks: [
          {
            request: { query: RolesPageDocument },
            result: { data: { roles: [{ __typename: 'Role', id: '7', name: 'ROLE_AUDITOR' }] } },
          },
          {
            request: { query: DeleteRoleDocument, variables: { id: '7' } },
            result: {
              data: { deleteRole: { __typename: 'DeleteResult', id: '7', message: 'Role deleted successfully!' } },
            },
          },
          {
            request: { query: RolesPageDocument },
            result: { data: { roles: [] } },
          },
        ],
      });
      const row = await screen.findByTestId('row');
      fireEvent.click(row);
      expect(openRow).toHaveBeenCalledWith({ __typename: 'Role', id: '7', name: 'ROLE_AUDITOR' }, expect.any(Function));
      // a page that fixes its delete text shows it instead of the server's reply
      fireEvent.click(within(row).getByRole('button', { name: 'Delete 7' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete role' });
      expect(confirm.textContent).toContain('Delete ROLE_AUDITOR?');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Role gone!');
    });
  });
});
